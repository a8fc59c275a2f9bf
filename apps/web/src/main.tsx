import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { router } from "./app/router";
import { installSessionHandling } from "./features/auth/session";
import { DialogsProvider } from "./features/info/dialogs";
import { ApiError } from "./lib/api";
import { useTheme } from "./lib/theme";
import "./index.css";

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Spec retry helper: 3 attempts; never retry the caller's own mistakes (4xx).
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      retryDelay: (attempt) => Math.min(500 * 1.2 ** attempt, 1000),
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
