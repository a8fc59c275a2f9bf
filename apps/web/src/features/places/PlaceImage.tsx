import {
  Building,
  Church,
  Landmark,
  MapPin,
  Mountain,
  Plane,
  ShoppingBag,
  Trees,
  Utensils,
} from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { photoThumb } from "./photos";

const ICONS: Record<string, typeof MapPin> = {
  temple: Landmark,
  shrine: Church,
  museum: Building,
  park: Trees,
  restaurant: Utensils,
  shopping: ShoppingBag,
  airport: Plane,
  amusement_park: Mountain,
  tourist_attraction: Landmark,
};

/** The place's photo, or a generated picture (category icon on the member's colour): never a broken image. */
export function PlaceImage({
  photo,
  category,
  color,
  className,
}: {
  photo?: string;
  category: string;
  color: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (photo && !failed)
    return (
      <img
        src={photoThumb(photo)}
        alt=""
        loading="lazy"
        onError={() => setFailed(true)}
        className={cn("object-cover", className)}
      />
    );
  const Icon = ICONS[category] ?? MapPin;
  return (
    <div
      aria-hidden
      className={cn("flex items-center justify-center", className)}
      style={{ background: `linear-gradient(135deg, ${color}, ${color}99)` }}
    >
      <Icon className="size-1/3 max-h-12 max-w-12 text-white/90" />
    </div>
  );
}
