/**
 * A small, strict XML reader for the documents Deckhand polls (ECCC's marine forecasts): elements,
 * attributes, text, comments, CDATA and the five named and numeric character references. It refuses
 * a DOCTYPE (no genuine MSC document declares one, and entity expansion is how a hostile document
 * grows), unbalanced tags and anything past `maxElements`, so a document can neither hang nor bloat it.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (not its children's), entities decoded, whitespace kept. */
  text: string;
}

export class XmlError extends Error {}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    const named = NAMED[ref];
    if (named === undefined) throw new XmlError(`unknown entity ${whole}`);
    return named;
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;

export function parseXml(source: string, maxElements = 20_000): XmlElement {
  let i = 0;
  let count = 0;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const top = () => stack[stack.length - 1] as XmlElement;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      top().text += decode(source.slice(i));
      break;
    }
    if (lt > i) top().text += decode(source.slice(i, lt));
    if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt);
      if (end < 0) throw new XmlError('unterminated processing instruction');
      i = end + 2;
    } else if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt);
      if (end < 0) throw new XmlError('unterminated comment');
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end < 0) throw new XmlError('unterminated CDATA');
      top().text += source.slice(lt + 9, end);
      i = end + 3;
    } else if (source.startsWith('<!', lt)) {
      throw new XmlError('a DOCTYPE or declaration is not accepted');
    } else if (source.startsWith('</', lt)) {
      const end = source.indexOf('>', lt);
      const name = source.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (end < 0 || !open || open === root || open.name !== name)
        throw new XmlError(`unexpected closing tag </${name}>`);
      i = end + 1;
    } else {
      const name = NAME.exec(source.slice(lt + 1, lt + 200))?.[0];
      if (!name) throw new XmlError('a tag without a name');
      let j = lt + 1 + name.length;
      const attributes: Record<string, string> = {};
      for (;;) {
        ATTRIBUTE.lastIndex = j;
        const m = ATTRIBUTE.exec(source);
        if (!m) break;
        attributes[m[1] as string] = decode(m[3] ?? m[4] ?? '');
        j = ATTRIBUTE.lastIndex;
      }
      while (/\s/.test(source[j] ?? '')) j += 1;
      const selfClosing = source.startsWith('/>', j);
      if (!selfClosing && source[j] !== '>') throw new XmlError(`malformed tag <${name}>`);
      count += 1;
      if (count > maxElements) throw new XmlError(`more than ${maxElements} elements`);
      const element: XmlElement = { name, attributes, children: [], text: '' };
      top().children.push(element);
      if (!selfClosing) stack.push(element);
      i = j + (selfClosing ? 2 : 1);
    }
  }
  if (stack.length !== 1) throw new XmlError(`unclosed <${top().name}>`);
  const elements = root.children;
  if (elements.length !== 1 || !elements[0]) throw new XmlError('a document has exactly one root element');
  return elements[0];
}

/** The element's children called `name`. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** The trimmed text of the element, with runs of whitespace (the documents wrap lines) as one space. */
export function textOf(element: XmlElement | undefined): string {
  return (element?.text ?? '').replace(/\s+/g, ' ').trim();
}
