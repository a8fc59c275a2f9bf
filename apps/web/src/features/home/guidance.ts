import { useCallback, useState } from "react";

// First-time guidance flags live in the browser (spec 1 section 3), one per user (and trip).
export function useGuidanceFlag(key: string | null): [boolean, () => void] {
  const read = () => {
    try {
      return key ? localStorage.getItem(key) === "1" : true;
    } catch {
      return true;
    }
  };
  const [done, setDone] = useState(read);
  const dismiss = useCallback(() => {
    try {
      if (key) localStorage.setItem(key, "1");
    } catch {
      // storage blocked: the pulse stops for this page only
    }
    setDone(true);
  }, [key]);
  return [done, dismiss];
}
