/** The picture of an account without one: a neutral silhouette. */
export const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 150" width="150" height="150">
<rect width="150" height="150" fill="#dbdbdb"/>
<circle cx="75" cy="58" r="28" fill="#fafafa"/>
<path d="M22 150c4-32 26-50 53-50s49 18 53 50z" fill="#fafafa"/>
</svg>`;
