import * as fs from 'node:fs';
import * as path from 'node:path';
import { Controller, Get, Header } from '@nestjs/common';

const PAGE = path.resolve(__dirname, '..', '..', 'public', 'explorer.html');

/** The offline GraphQL explorer (public/explorer.html): no CDN, everything is served from here. `/` is the web client. */
@Controller()
export class ExplorerController {
  @Get('explorer')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  page(): string {
    return fs.readFileSync(PAGE, 'utf8');
  }
}
