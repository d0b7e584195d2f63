/**
 * A CAMT.053 file read with fast-xml-parser, never with regular expressions over the file, and
 * with limits a bank statement never comes near:
 * - at most MAX_DEPTH nested elements (a statement nests about 14): 64k unclosed <Ntry> are
 *   refused as they are met, in linear time, instead of matched against each other;
 * - no entities of its own: a <!DOCTYPE> that declares any (the "billion laughs", external
 *   files) is refused; only XML's five (&amp; &lt; &gt; &quot; &apos;) and character
 *   references are read, and a character reference that is not an XML character (&#99999999;,
 *   &#0;, a surrogate) refuses the file with a message, never an exception of the runtime;
 * - element names that are prototype names (__proto__, constructor) are refused by the library;
 *   the domain reads the tree by own properties only;
 * - then the whole file must be well-formed (the library's validator: a file cut short or with
 *   crossed tags is refused, not half read).
 */
import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
import { StatementError, statementMessages, statementTexts, type XmlElement } from '#core/office/statement';

/** Deeper than any CAMT.053 statement (Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls/RltdPties/Dbtr/Pty/Id/OrgId/Othr/SchmeNm/Cd is 14). */
export const MAX_DEPTH = 40;

/** What the library or the decoder refused, in words for the office. */
class XmlRefused extends Error {}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** A code point XML 1.0 allows in a document (its production Char). */
const isXmlChar = (cp: number) => cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);

/**
 * The parser's entity decoder: XML's five entities and character references, strictly; a
 * document's own entities are refused when they are declared.
 */
const strictEntities: EntityDecoderOptions = {
  setExternalEntities: () => undefined,
  addInputEntities: (entities) => {
    if (Object.keys(entities).length > 0) throw new XmlRefused('it declares entities of its own (<!ENTITY> in a <!DOCTYPE>), which a bank statement never does');
  },
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (text) => {
    let out = '';
    let from = 0;
    for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', from)) {
      const end = text.indexOf(';', at);
      const name = end < 0 || end - at > 12 ? '' : text.slice(at + 1, end);
      let char: string | undefined;
      if (name.startsWith('#')) {
        const digits = name[1] === 'x' ? name.slice(2) : name.slice(1);
        const cp = name[1] === 'x' ? (/^[0-9a-fA-F]{1,8}$/.test(digits) ? parseInt(digits, 16) : NaN) : /^\d{1,10}$/.test(digits) ? Number(digits) : NaN;
        if (!isXmlChar(cp)) throw new XmlRefused(`the character reference "&${name.slice(0, 12)};" is not a character`);
        char = String.fromCodePoint(cp);
      } else if (Object.hasOwn(XML_ENTITIES, name)) char = XML_ENTITIES[name];
      if (char === undefined) throw new XmlRefused(`"${text.slice(at, at + 14)}" is not an entity XML knows (write & as &amp;)`);
      out += text.slice(from, at) + char;
      from = end + 1;
    }
    return out + text.slice(from);
  },
};

const parser = () =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    textNodeName: '#text',
    removeNSPrefix: true,
    // Text stays text: an amount is read by the domain as CAMT writes it, never as a float.
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    // Every element a list of its occurrences: the domain reads one shape whatever the count.
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
    maxNestedTags: MAX_DEPTH,
    processEntities: true,
    entityDecoder: strictEntities,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });

/** The library's words, made a sentence for the office (its errors name no file content but the tags). */
function why(error: unknown): string {
  if (error instanceof XmlRefused) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  if (/nested tags/i.test(message)) return `its elements are nested more than ${MAX_DEPTH} deep, which a bank statement never is`;
  if (/External entit/i.test(message)) return 'it refers to an external entity, which a bank statement never does';
  if (/reserved|prototype|Invalid name/i.test(message)) return 'it has an element or attribute name that is not allowed';
  return message.replace(/\s+/g, ' ').slice(0, 160).replace(/[.\s]+$/, '');
}

/** The XML document as a tree (core/office/statement.ts `XmlElement`); a StatementError for anything unreadable. */
export function readXml(text: string): XmlElement {
  let tree: XmlElement;
  try {
    tree = parser().parse(text) as XmlElement;
  } catch (error) {
    throw new StatementError(statementMessages.xmlUnreadable(why(error)), 'invalid', statementTexts.xmlUnreadable(why(error)));
  }
  // Only now (the depth is bounded): the whole file well-formed, with the line of its first fault.
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const fault = `line ${valid.err.line}: ${valid.err.msg.replace(/\s+/g, ' ').slice(0, 160).replace(/[.\s]+$/, '')}`;
    throw new StatementError(statementMessages.xmlUnreadable(fault), 'invalid', statementTexts.xmlUnreadable(fault));
  }
  return tree;
}
