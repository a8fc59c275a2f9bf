import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "../ui/EmptyState";

export function NotFound() {
  return (
    <EmptyState icon={SearchX} title="Page not found" text="This page does not exist.">
      <Link
        to="/"
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
      >
        Go Home
      </Link>
    </EmptyState>
  );
}
