/**
 * docs/privacy.md itself, taken into the build as text (`?raw`) and drawn as elements — never as HTML, so nothing
 * in it can become markup and the Content-Security-Policy has nothing to allow. Only the Markdown that file uses is
 * read: `#`–`###` headings, paragraphs, `- ` lists (continued on indented lines), **bold**, `code` and links (to a
 * web address or a path of this site; any other link, such as another document of the repository, keeps its text
 * only). Its own chunk: loaded when the page is first shown (privacy-page.tsx).
 */
import type { ComponentChildren } from 'preact';
import PRIVACY from '../../../docs/privacy.md?raw';

type Block =
  | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly string[] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const ITEM = /^-\s+(.*)$/;

/** The file's blocks, in order. */
export function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let items: string[] | null = null;
  const close = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (items !== null) blocks.push({ kind: 'list', items });
    paragraph = [];
    items = null;
  };
  for (const line of markdown.split(/\r?\n/)) {
    const text = line.trim();
    const heading = HEADING.exec(text);
    const item = ITEM.exec(text);
    if (text === '') close();
    else if (heading !== null) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (item !== null) {
      if (paragraph.length > 0) close();
      items ??= [];
      items.push(item[1]!);
    } else if (items !== null && /^\s/.test(line)) {
      // An indented line goes on with the list item above it.
      items[items.length - 1] += ` ${text}`;
    } else {
      if (items !== null) close();
      paragraph.push(text);
    }
  }
  close();
  return blocks;
}

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;
const LINK = /^\[([^\]]+)\]\(([^)\s]+)\)$/;

function inline(text: string): ComponentChildren[] {
  return text.split(INLINE).map((part, index) => {
    if (index % 2 === 0) return part;
    if (part.startsWith('**')) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`')) return <code key={index}>{part.slice(1, -1)}</code>;
    const [, label = part, href = ''] = LINK.exec(part) ?? [];
    return /^(https:\/\/|\/(?!\/))/.test(href) ? (
      <a key={index} href={href}>
        {label}
      </a>
    ) : (
      label
    );
  });
}

export function PrivacyContent() {
  return (
    <>
      {blocksOf(PRIVACY).map((block, index) => {
        switch (block.kind) {
          case 'heading': {
            const Heading = `h${block.level}` as const;
            return <Heading key={index}>{inline(block.text)}</Heading>;
          }
          case 'paragraph':
            return <p key={index}>{inline(block.text)}</p>;
          case 'list':
            return (
              <ul key={index}>
                {block.items.map((item, at) => (
                  <li key={at}>{inline(item)}</li>
                ))}
              </ul>
            );
          default: {
            const never: never = block;
            return never;
          }
        }
      })}
    </>
  );
}
