// The Element Timing API's attribute (lib/afterPaint.ts): React passes it to the DOM as written.
import "react";

declare module "react" {
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
