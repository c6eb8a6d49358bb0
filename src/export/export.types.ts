/** The GraphQL types of the export (docs/api.md#exports). The document format itself is game-export.ts. */
import { registerEnumType } from '@nestjs/graphql';

export enum ExportFormat {
  JSON = 'json',
  NDJSON = 'ndjson',
}
registerEnumType(ExportFormat, {
  name: 'ExportFormat',
  description: 'How `exportGame` writes a game (the malice-game/1 format, docs/api.md "Exports").',
  valuesMap: {
    JSON: { description: 'One JSON object, the events inline.' },
    NDJSON: {
      description:
        'Newline-delimited JSON: a "kind":"game" header line, then one "kind":"event" line per event.',
    },
  },
});
