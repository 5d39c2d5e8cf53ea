/**
 * The texts of the general and user pages of the main package (locales/areas/general), imported by
 * those pages only, so the start-up code of the other screens does not carry them. Where they come
 * from differs by build (the H5 site and the tests: every language; the mini programs: the default
 * language, the others from the server), so the work is done in src/platform/general-messages.
 */
import '../../platform/general-messages';
