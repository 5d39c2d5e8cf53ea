/**
 * Adds the texts of the general and user pages of the main package (locales/areas/general) to the
 * messages. Imported by those pages only, so the start-up code of the other screens does not carry them.
 * The mini programs resolve general-messages.weapp.ts / .alipay.ts instead (general-messages-mini.ts).
 */
import { addAreaMessages } from '../i18n';
import { generalByLanguage } from '../../locales/areas/general';

addAreaMessages('general', generalByLanguage);
