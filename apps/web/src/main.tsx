import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { router } from "./app/router";
import { installSessionHandling } from "./features/auth/session";
import { DialogsProvider } from "./features/info/dialogs";
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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DialogsProvider>
        <RouterProvider router={router} />
        <ThemedToaster />
      </DialogsProvider>
    </QueryClientProvider>
  </StrictMode>,
);
