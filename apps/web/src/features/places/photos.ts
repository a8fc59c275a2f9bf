import { parseUploadUrl } from "@tabi/contracts";

/** The picture cards, rows and the photo editor show: our own uploads' thumbnail, any other URL as is. */
export const photoThumb = (url: string) => (parseUploadUrl(url) ? `${url}?size=thumb` : url);
