/** The GraphQL types of the export (docs/api.md#exports). The document format itself is game-export.ts. */
import { listEnum } from '../graphql/list-enum';
import { EXPORT_FORMATS } from './export-query';

export const ExportFormat = listEnum(
  EXPORT_FORMATS,
  { json: 'JSON', ndjson: 'NDJSON' },
  {
    name: 'ExportFormat',
    description: 'How `exportGame` writes a game (the malice-game/1 format, docs/api.md "Exports").',
    values: {
      json: { description: 'One JSON object, the events inline.' },
      ndjson: {
        description:
          'Newline-delimited JSON: a "kind":"game" header line, then one "kind":"event" line per event.',
      },
    },
  },
);
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
