import { i18n, initI18n, LATER_NAMESPACES, TRIP_NAMESPACES } from "./index";

// Unit tests read the English texts, as users of the English app do; every namespace, including those
// a screen loads for itself.
await initI18n("en");
await i18n.loadNamespaces([...TRIP_NAMESPACES, ...LATER_NAMESPACES]);
