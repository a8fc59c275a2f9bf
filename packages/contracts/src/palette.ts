// Member colour palette, ids 1-20 (spec 1 section 3).
export const MEMBER_COLORS = [
  { id: 1, name: "Ocean Blue", hex: "#0077BE" },
  { id: 2, name: "Forest Green", hex: "#228B22" },
  { id: 3, name: "Sunset Orange", hex: "#FF6B35" },
  { id: 4, name: "Royal Purple", hex: "#7B68EE" },
  { id: 5, name: "Cherry Red", hex: "#DC143C" },
  { id: 6, name: "Teal", hex: "#008080" },
  { id: 7, name: "Amber", hex: "#FFC000" },
  { id: 8, name: "Lavender", hex: "#E6E6FA" },
  { id: 9, name: "Coral", hex: "#FF7F50" },
  { id: 10, name: "Emerald", hex: "#50C878" },
  { id: 11, name: "Magenta", hex: "#FF00FF" },
  { id: 12, name: "Navy", hex: "#000080" },
  { id: 13, name: "Rose", hex: "#FF007F" },
  { id: 14, name: "Lime", hex: "#32CD32" },
  { id: 15, name: "Indigo", hex: "#4B0082" },
  { id: 16, name: "Turquoise", hex: "#40E0D0" },
  { id: 17, name: "Crimson", hex: "#B22222" },
  { id: 18, name: "Olive", hex: "#808000" },
  { id: 19, name: "Slate", hex: "#708090" },
  { id: 20, name: "Maroon", hex: "#800000" },
] as const;
export const DEFAULT_MEMBER_COLOR = "#0077BE";

export function memberColor(index: number | null | undefined): string {
  return MEMBER_COLORS.find((c) => c.id === index)?.hex ?? DEFAULT_MEMBER_COLOR;
}
