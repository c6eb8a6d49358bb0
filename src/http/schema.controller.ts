/**
 * `GET /graphql/schema.graphql`: the schema as SDL, for code generators and for reading
 * (docs/api/endpoints-and-auth.md#endpoints). The same schema introspection gives, so it is mounted only
 * where introspection is on (GRAPHQL_INTROSPECTION).
 */
import { Controller, Get, Header } from '@nestjs/common';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { printSchema } from 'graphql';

@Controller('graphql')
export class SchemaController {
  private printed: string | undefined;

  constructor(private readonly schemaHost: GraphQLSchemaHost) {}

  @Get('schema.graphql')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  sdl(): string {
    // The schema is built once at boot and never changes while the process runs.
    this.printed ??= `${printSchema(this.schemaHost.schema)}\n`;
    return this.printed;
  }
}
