/**
 * The way in stays whole: every relative link in README.md and docs/ resolves (file and heading),
 * every docs/ path that code names exists, the README stays short, and every decision record
 * follows the template, is in the index, and nothing of the old docs/decisions.md is lost.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../../..');
const rel = (file: string) => path.relative(root, file);

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

const markdown = [path.join(root, 'README.md'), ...walk(path.join(root, 'docs'), (n) => n.endsWith('.md'))];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const base = slugOf(match[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** The relative links of a markdown file (inline links; code blocks and spans are not links). */
function linksOf(file: string): string[] {
  const text = fs
    .readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/i.test(href));
}

describe('links in README.md and docs/', () => {
  it('finds the guides it checks', () => {
    for (const guide of ['organisers', 'delegates', 'development', 'deploy', 'architecture'])
      expect(fs.existsSync(path.join(root, 'docs', `${guide}.md`)), guide).toBe(true);
  });

  it('resolves every relative link to a file, and to a heading when it names one', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const href of linksOf(file)) {
        const [target, anchor] = href.split('#') as [string, string | undefined];
        const resolved = target ? path.resolve(path.dirname(file), decodeURI(target)) : file;
        if (!fs.existsSync(resolved)) broken.push(`${rel(file)}: ${href} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${rel(file)}: ${href} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slugOf('Reconciliation from the command line (`npm run reconcile`)')).toBe('reconciliation-from-the-command-line-npm-run-reconcile');
    expect(slugOf("The office's pages")).toBe('the-offices-pages');
    expect(slugOf('Add an API route')).toBe('add-an-api-route');
  });

  it('keeps every docs/ path that code or configuration names', () => {
    const sources = ['functions', 'web/src', 'infra', 'scripts', 'test', '.ci'].flatMap((dir) =>
      walk(path.join(root, dir), (n) => /\.(ts|tsx|js|json|sh)$/.test(n) || n === 'run'),
    );
    const missing: string[] = [];
    // This file names the old docs/decisions.md on purpose (the sections it must keep).
    for (const file of sources.filter((f) => f !== __filename)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w./-]*\.md\b/g))
        if (!fs.existsSync(path.join(root, match[0]))) missing.push(`${rel(file)}: ${match[0]}`);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the README the front door: at most about 8 kB, with the two commands', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(8 * 1024);
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });
});

describe('decision records (docs/decisions/)', () => {
  const dir = path.join(root, 'docs', 'decisions');
  const records = fs
    .readdirSync(dir)
    .filter((n) => /^\d{4}-[a-z0-9-]+\.md$/.test(n))
    .sort();
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');

  it('numbers them once each, from 0001 without gaps', () => {
    expect(records.map((n) => Number(n.slice(0, 4)))).toEqual(records.map((_, i) => i + 1));
  });

  it('follows the template: title, date, status, context, decision, consequences, no TODO', () => {
    const wrong: string[] = [];
    for (const name of records) {
      const text = read(name);
      const n = name.slice(0, 4);
      if (!text.startsWith(`# ${n}. `)) wrong.push(`${name}: title must start "# ${n}. "`);
      if (!/^- Date: \d{4}-\d{2}-\d{2}$/m.test(text)) wrong.push(`${name}: no "- Date: YYYY-MM-DD"`);
      if (!/^- Status: (Accepted|Superseded by \[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\))/m.test(text)) wrong.push(`${name}: status must be Accepted or Superseded by [NNNN](file)`);
      for (const section of ['Context', 'Decision', 'Consequences']) {
        const body = new RegExp(`^## ${section}\\n+([\\s\\S]*?)(?=^## |$(?![\\s\\S]))`, 'm').exec(text)?.[1]?.trim();
        if (!body) wrong.push(`${name}: empty or missing "## ${section}"`);
      }
      if (/\bTODO\b/.test(text.replace(/`[^`\n]*`/g, ''))) wrong.push(`${name}: TODO left`);
    }
    expect(wrong).toEqual([]);
  });

  it('lists every record in the index (docs/decisions/README.md)', () => {
    const index = read('README.md');
    expect(records.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });

  /** The sections of docs/decisions.md when it was split into records (issue 28): each lives on in one. */
  const formerSections = [
    'Time and configuration',
    'Older registration flow (2019 figures)',
    'Routes and pages',
    'Accounts',
    'Uploads',
    'Abstracts',
    'Platform',
    'Hardening (requests, rights, limits)',
    'Registration orders and payments (2024)',
    'Money integrity (orders and the payments ledger)',
    'Go-live on AWS (issue 14)',
    'Mail that survives bounces',
    'The registration office: access and payment settings (issue 15, first part)',
    "The office's delegates, abstracts and audit log (issue 15)",
    'The registration office: bank statement import (issue 15)',
    "The office's jobs: exports and mail to delegates (issue 15)",
    "The office's dashboard and orders table (issue 15)",
    "The office's refunds of another amount (issue 15)",
    "The office's tables on TanStack Table v9 (issue 15)",
    "The office's reconciliation (issue 15)",
    'The office bench (issue 15)',
    'A transfer for an Unpaid order (issue 15)',
    'Registration by category (issue 16, the registration form)',
    "The office's routes in a nested stack (issue 16)",
    'Step two and the order detail page (issue 16)',
    'Registration by category: cost detail and payment',
    'Review, re-upload and voucher of a registration by category (issue 16)',
    'The logged-in pages on a phone (issue 13, Lighthouse)',
    "The office's view of the registrations by category's money (issue 16)",
    'Cancelling a registration by category (issue 16)',
    'Documents: how they are made, kept and rendered (issue 17)',
    'Receipts and credit notes (issue 17)',
    'Certificates of attendance (issue 17)',
    'Visa invitation letters (issue 17)',
    "A delegate's own data: export and account deletion (issue 17)",
  ];

  it('keeps every section of the old docs/decisions.md in a record of its own', () => {
    const formerly = new Map(records.map((name) => [/^- Formerly: the section "(.+)" of docs\/decisions\.md$/m.exec(read(name))?.[1], name]));
    expect(formerSections.filter((title) => !formerly.has(title))).toEqual([]);
    expect(formerSections.map((title) => formerly.get(title)?.slice(0, 4))).toEqual(formerSections.map((_, i) => String(i + 1).padStart(4, '0')));
  });
});
