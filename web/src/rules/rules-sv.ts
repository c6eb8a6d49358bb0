/** Reglerna på svenska (docs/rules.md med egna ord), i samma form som den engelska texten (./rules-en.ts). */
import type { RulesText } from './rules-en';

export const rules: RulesText = {
  aim: {
    heading: 'Målet',
    paragraphs: [
      'Varje spelare har en trave och försöker bli först med att göra sig av med den. Korten går från traven, handen och spelarens egna hjälprader till gemensamma mitthögar, som byggs uppåt från ess oavsett färg. Ett drag slutar när spelaren lägger ett kort från handen på en hjälprad (eller, där det är tillåtet, säger klar).',
      'Färgerna spelar aldrig någon roll; de visas så att alla ser de riktiga korten. Ett fritt kort kan stå för vilken valör som helst utom ess.',
    ],
  },
  presets: {
    CLASSIC: {
      title: 'Klassisk',
      source: 'Det svenska spelet ur spelboken, Illvilja och elakhet, för två spelare.',
      sections: [
        {
          heading: 'Korten och given',
          paragraphs: [
            'Två kortlekar används: en lek på 52 kort till travarna och en draglek på 52 kort med 4 jokrar. Jokrarna är fria kort.',
            'Leken till travarna blandas och varje spelare får 26 kort som en trave med baksidan upp; det översta kortet vänds upp. Den vars uppvända kort är högst börjar. Visar båda samma valör blandas hela leken om och travarna ges på nytt.',
            'Dragleken blandas och båda spelarna får fem kort, ett i taget, den som börjar först. Resten är talongen. Den som börjar drar inte i sitt första drag.',
          ],
        },
        {
          heading: 'Ett drag',
          paragraphs: [
            'I början av draget drar du från talongen tills du har fem kort på handen.',
            'Sedan får du spela så många kort du vill till mitthögarna: från handen, det uppvända kortet i din trave och de översta korten på dina hjälprader. När du spelar kortet från traven vänds nästa upp, och det får också spelas.',
            'Draget slutar när du lägger ett kort från handen på en av dina hjälprader. Du får också säga klar när som helst, även utan att ha spelat.',
          ],
        },
        {
          heading: 'Mitthögarna',
          paragraphs: [
            'Det får finnas upp till åtta mitthögar samtidigt, gemensamma för båda spelarna. Bara ett äkta ess påbörjar en ny.',
            'På en hög läggs nästa valör uppåt, eller ett fritt kort, som då räknas som den valören. En hög som når kungen är färdig: den blandas genast in i talongen.',
          ],
        },
        {
          heading: 'Hjälpraderna',
          paragraphs: [
            'Varje spelare har fyra hjälprader, som bara fylls från handen, med det kort som avslutar draget. Kort flyttas aldrig från en hjälprad till en annan, och kortet från traven läggs aldrig på en hjälprad. Det översta kortet på en hjälprad får spelas till mitten.',
            'En tom hjälprad tar vilket kort som helst. På en hjälprad läggs ett kort av samma valör som det översta eller en lägre: en femma på en sexa, en dam på en dam. En joker som läggs på en hjälprad anger vilken valör (2 till kung) den står för där; spelas den senare till mitten är den fri igen.',
          ],
        },
        {
          heading: 'Det som måste spelas',
          paragraphs: [
            'Varje äkta ess du kommer åt (det uppvända kortet i traven, hjälpradernas översta kort, handen) måste påbörja en mitthög så länge det finns plats för en.',
            'Ett äkta kort från traven som passar på en mitthög måste spelas, liksom varje nytt uppvänt kort som passar. Du får hålla inne kort på handen och på hjälpraderna för att låsa spelet, men inte kortet från traven.',
            'Ett sådant kort ska spelas genast: innan det är gjort får inget annat kort spelas och draget kan inte avslutas. Fria kort är aldrig tvingande.',
          ],
        },
        {
          heading: 'Det alla ser',
          paragraphs: [
            'Korten i travarna får inte räknas: bara de översta korten syns, inte hur många kort travarna har. Talongen visar hur många kort som är kvar. Ingen ser den andra spelarens hand.',
          ],
        },
        {
          heading: 'Partiets slut',
          paragraphs: [
            'Den som spelar det sista kortet i sin trave vinner genast och får lika många poäng som det finns kort kvar i den andra traven.',
            'När båda spelarna i tur och ordning säger klar utan att dra eller spela något kort (de kan eller vill inte spela) är spelet låst: den som har minst kort kvar i traven vinner och får skillnaden i poäng; är travarna lika stora blir det oavgjort.',
            'Den som ger upp eller överskrider tiden förlorar. Ett parti som når 2 000 drag räknas som låst.',
          ],
        },
      ],
    },
    ZLOBA: {
      title: 'Zloba',
      source: 'Det ryska spelet ur spelboken, Zloba: samma spel som Klassisk, med egna regler för låga kort.',
      sections: [
        {
          heading: 'Korten och given',
          paragraphs: [
            'Som i Klassisk: en lek på 52 kort, där var och en av de två spelarna får 26 som trave med det översta kortet uppvänt, och en draglek på 52 kort med 4 fria jokrar.',
            'Det högsta uppvända kortet börjar. Visar båda samma valör blandas varje trave för sig och de nya översta korten avgör.',
            'Given görs av motspelaren till den som börjar, fem kort var, ett i taget, den som börjar först. Den som börjar drar inte i sitt första drag.',
          ],
        },
        {
          heading: 'Ett drag',
          paragraphs: [
            'Dra upp till fem kort, spela så många kort du vill till mitten från handen, traven och hjälpradernas översta kort, och avsluta draget med ett kort från handen på en hjälprad, eller säg klar.',
          ],
        },
        {
          heading: 'Mitthögarna',
          paragraphs: [
            'Högst fyra mitthögar får finnas samtidigt. Bara ett äkta ess påbörjar en; på den läggs nästa valör upp till kungen, eller fria kort. En färdig hög blandas in i talongen.',
          ],
        },
        {
          heading: 'Hjälpraderna',
          paragraphs: [
            'Fyra hjälprader var, som bara fylls från handen; ett kort av samma valör som det översta eller en lägre; en joker anger vilken valör den står för där. Kort flyttas aldrig mellan hjälprader, och kortet från traven läggs aldrig på en.',
            'Ess och tvåor hålls borta från hjälpraderna: ett äkta ess eller en äkta tvåa får läggas på en hjälprad bara när alla fyra mitthögarna finns, och då bara en tvåa på en trea eller ett ess på en tvåa, aldrig på en tom hjälprad.',
          ],
        },
        {
          heading: 'Det som måste spelas',
          paragraphs: [
            'Varje äkta ess du kommer åt måste påbörja en mitthög så länge det finns plats för en.',
            'Så länge en mitthög bara består av sitt ess måste varje äkta tvåa du kommer åt läggas på en sådan hög.',
            'De här korten ska spelas genast, före alla andra. Fria kort är aldrig tvingande, och till skillnad från Klassisk behöver kortet från traven inte spelas.',
          ],
        },
        {
          heading: 'Det alla ser',
          paragraphs: [
            'Alla ser hur många kort som är kvar i varje trave och i talongen. Ingen ser den andra spelarens hand.',
          ],
        },
        {
          heading: 'Partiets slut',
          paragraphs: [
            'Den som först spelar det sista kortet i sin trave vinner och får lika många poäng som det finns kort kvar i den andra traven.',
            'Säger båda spelarna i tur och ordning klar utan att dra eller spela är spelet låst: minst kort kvar i traven vinner och får skillnaden i poäng; lika stora travar blir oavgjort. Den som ger upp eller överskrider tiden förlorar.',
          ],
        },
      ],
    },
    MODERN: {
      title: 'Modern',
      source: 'Det populära engelska spelet, Spite and Malice, för två till sex spelare.',
      sections: [
        {
          heading: 'Korten och given',
          paragraphs: [
            'En kortlek på 52 kort per spelare, alla blandade tillsammans. Varje spelare får 20 kort som trave med det översta kortet uppvänt, och sedan fem kort på handen ur resten, som är talongen. Kungarna är fria kort.',
            'Det högsta uppvända kortet börjar. Delar två eller fler spelare på det blandas varje trave för sig och de nya översta korten avgör.',
          ],
        },
        {
          heading: 'Ett drag',
          paragraphs: [
            'Dra upp till fem kort och spela sedan så många kort du vill till mitten från handen, traven och hjälpradernas översta kort.',
            'Tömmer du handen med dina kort till mitten drar du fem nya kort och fortsätter.',
            'Varje drag slutar med ett kort från handen på en hjälprad. Du får säga klar bara när handen är tom eller inget kort alls kan läggas.',
          ],
        },
        {
          heading: 'Mitthögarna',
          paragraphs: [
            'Det får finnas en mitthög fler än det finns spelare. Bara ett äkta ess påbörjar en; på den läggs nästa valör eller kungar. En hög är färdig vid damen.',
            'Färdiga mitthögar läggs åt sidan. När talongen tar slut blandas de undanlagda korten och blir den nya talongen.',
          ],
        },
        {
          heading: 'Hjälpraderna',
          paragraphs: [
            'Fyra hjälprader var, som bara fylls från handen. Vilket kort som helst får läggas på vilken hjälprad som helst. Kort flyttas aldrig mellan hjälprader, och kortet från traven läggs aldrig på en.',
            'Inget kort måste spelas: du får spara ess, och kortet från traven, till senare.',
          ],
        },
        {
          heading: 'Det alla ser',
          paragraphs: [
            'Alla ser hur många kort som är kvar i varje trave, i talongen och bland de undanlagda korten. Ingen ser någon annans hand.',
          ],
        },
        {
          heading: 'Partiets slut',
          paragraphs: [
            'Den som först spelar det sista kortet i sin trave vinner och får lika många poäng som det finns kort kvar i de andra spelarnas travar.',
            'Spelet är låst bara när varje spelare i tur och ordning säger klar utan att kunna spela till mitten; när talongen och de undanlagda korten är slut och ingen kan spela till mitten slutar det genast. Då vinner den som har minst kort kvar i traven och får skillnaderna i poäng; delar flera på det minsta antalet blir det oavgjort.',
            'Med tre eller fler spelare lämnar den som ger upp eller överskrider tiden partiet: hans eller hennes kort ligger kvar, utanför spelet, och de andra spelar vidare.',
          ],
        },
        {
          heading: 'Varianter',
          paragraphs: [
            'Ett nytt parti kan ändra reglerna: jokrar fria kort liksom kungarna; jokrar i stället för kungar, med mitthögar upp till kungen; ess som måste spelas genast; fyra mitthögar, eller lika många som det finns ess.',
          ],
        },
      ],
    },
  },
  overrides:
    'Varje regel ovan är ett alternativ: ett nytt parti kan utgå från en förinställning och ändra några av dem. Partiets sida visar vilka regler det spelas efter.',
};
