import { initI18n } from "./index";

// Unit tests read the English texts, as users of the English app do.
await initI18n("en");
