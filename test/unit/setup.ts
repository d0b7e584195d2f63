/**
 * The unit project loads the server's messages as every Lambda does (with its handler): errors
 * raised with a catalog text then carry its English as their message (core/errors.ts).
 */
import '#core/i18n/server-messages';
