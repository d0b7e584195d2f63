/**
 * The tickets' signing keys (decision 0070), made on the organiser's machine and put into the
 * `CheckinKeys` secret by hand (docs/deploy.md, "The tickets' signing keys"). It never talks to AWS.
 *
 *   npm run --silent checkin-key > keys.json                 a new key set (key id 1)
 *   npm run --silent checkin-key -- --rotate < old.json > keys.json
 *                                                            a new current key; the old ones stay
 *                                                            to verify tickets already printed
 *   npm run --silent checkin-key -- --public < keys.json     the public keys by id (to compare
 *                                                            with what a paired device shows)
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { keysFromJson, newKeysJson } from '../functions/lib/checkin-signing';

export function checkinKeyCommand(args: string[], input: () => string): string {
  if (args.includes('--rotate')) {
    const previous = input();
    keysFromJson(previous); // refuses what is not a key set before anything is made from it
    return newKeysJson(previous);
  }
  if (args.includes('--public')) return JSON.stringify(keysFromJson(input()).publicKeys(), null, 2);
  if (args.length) throw new Error(`unknown argument ${args.join(' ')}: use --rotate or --public`);
  return newKeysJson();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.stdout.write(`${checkinKeyCommand(process.argv.slice(2), () => readFileSync(0, 'utf8'))}\n`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
