import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Fragment, StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { router } from "./app/router";
import { installSessionHandling } from "./features/auth/session";
import { DialogsProvider } from "./features/info/dialogs";
import { i18n, initI18n } from "./i18n";
import { queryRetryDelay, shouldRetryQuery } from "./lib/retry";
import { useTheme } from "./lib/theme";
import "./index.css";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Spec retry helper: 3 attempts; never retry the caller's own mistakes (4xx); an outage (503,
      // no answer) until the service is back, waiting as its Retry-After asks (lib/retry.ts).
      retry: shouldRetryQuery,
      retryDelay: queryRetryDelay,
    },
  },
});
installSessionHandling(queryClient);

function ThemedToaster() {
  const { dark } = useTheme();
  return <Toaster theme={dark ? "dark" : "light"} position="top-center" richColors closeButton />;
}

/** A new language redraws the whole tree, so text formatted outside React hooks follows it too. */
function LanguageRoot({ children }: { children: React.ReactNode }) {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    i18n.on("languageChanged", setLanguage);
    return () => i18n.off("languageChanged", setLanguage);
  }, []);
  return <Fragment key={language}>{children}</Fragment>;
}

await initI18n();
createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DialogsProvider>
        <LanguageRoot>
          <RouterProvider router={router} />
        </LanguageRoot>
        <ThemedToaster />
      </DialogsProvider>
    </QueryClientProvider>
  </StrictMode>,
);
