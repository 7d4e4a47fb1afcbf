// Style sheets are bundled by webpack (mini-css-extract-plugin); TypeScript only needs to know they exist.
declare module '*.css';
