// Tailwind CSS v4 through PostCSS, as Next.js builds it (app/globals.css imports "tailwindcss").
export default { plugins: { '@tailwindcss/postcss': {} } };
