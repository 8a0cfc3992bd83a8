/** The words of the API reference page (openapi-reference.page.ts) in English and Dutch, and its style. */
import type { Locale } from 'shared-auth/rules';

export interface Texts {
  title: string;
  other: { language: Locale; label: string };
  contents: string;
  document: string;
  version: string;
  authentication: string;
  apiToken: (header: string) => string;
  basic: string;
  scopes: string;
  noAuthentication: string;
  parameters: string;
  in: Record<string, string>;
  required: string;
  requestBody: string;
  answers: string;
  headers: string;
  schema: string;
  example: string;
  errors: string;
  errorsIntro: string;
  errorShape: string;
  noBody: string;
  oneOf: string;
  arrayOf: (items: string) => string;
}

export const TEXTS: Record<Locale, Texts> = {
  en: {
    title: 'Access portal external API',
    other: { language: 'nl', label: 'Nederlands' },
    contents: 'Contents',
    document: 'The OpenAPI document (JSON)',
    version: 'Version',
    authentication: 'Authentication',
    apiToken: (header) => `An API token in the ${header} header`,
    basic: 'A service account (HTTP basic authentication)',
    scopes: 'scope',
    noAuthentication: 'None',
    parameters: 'Parameters',
    in: { path: 'in the path', query: 'in the query', header: 'header', cookie: 'cookie' },
    required: 'required',
    requestBody: 'Request body',
    answers: 'Answers',
    headers: 'Headers',
    schema: 'Schema',
    example: 'Example',
    errors: 'Errors',
    errorsIntro: 'Every error answer has this body:',
    errorShape: 'the error body',
    noBody: 'No body',
    oneOf: 'one of',
    arrayOf: (items) => `array of ${items}`,
  },
  nl: {
    title: 'Externe API van het Toegangsportaal',
    other: { language: 'en', label: 'English' },
    contents: 'Inhoud',
    document: 'Het OpenAPI-document (JSON)',
    version: 'Versie',
    authentication: 'Authenticatie',
    apiToken: (header) => `Een API-token in de header ${header}`,
    basic: 'Een serviceaccount (HTTP basic authentication)',
    scopes: 'scope',
    noAuthentication: 'Geen',
    parameters: 'Parameters',
    in: { path: 'in het pad', query: 'in de query', header: 'header', cookie: 'cookie' },
    required: 'verplicht',
    requestBody: 'Body van het verzoek',
    answers: 'Antwoorden',
    headers: 'Headers',
    schema: 'Schema',
    example: 'Voorbeeld',
    errors: 'Fouten',
    errorsIntro: 'Elk foutantwoord heeft deze body:',
    errorShape: 'de foutbody',
    noBody: 'Geen body',
    oneOf: 'een van',
    arrayOf: (items) => `lijst van ${items}`,
  },
};

/** Dark text on white, links and method badges past 4.5:1; long paths and code wrap on a phone. */
export const STYLE = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.5; color: #1b1b1b; background: #fff; }
header, main { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header { display: flex; justify-content: flex-end; padding-top: 0.5rem; }
a { color: #0a4fb4; overflow-wrap: anywhere; }
li, p { overflow-wrap: anywhere; }
code, pre { font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
pre { background: #f3f4f6; padding: 0.75rem; white-space: pre-wrap; }
h1, h2, h3 { line-height: 1.25; overflow-wrap: anywhere; }
section.tag { border-top: 2px solid #d0d4da; margin-top: 2rem; }
article.operation { border: 1px solid #c4c9d0; border-radius: 6px; padding: 0 1rem 0.5rem; margin: 1rem 0; }
.method { display: inline-block; min-width: 4.5rem; padding: 0.1rem 0.4rem; border-radius: 4px; color: #fff; font-size: 0.85em; text-align: center; }
.method.get { background: #0a5a9c; } .method.post { background: #1d6b35; } .method.put { background: #7a4a00; }
.method.delete { background: #a4161a; } .method.patch { background: #4b3a8c; }
.summary { font-weight: 600; }
.type, .where, .limits { color: #3d4450; }
ul.schema { border-left: 2px solid #d0d4da; padding-left: 1rem; }
ul { padding-left: 1.25rem; }
details { margin: 0.25rem 0; }
summary { cursor: pointer; color: #0a4fb4; }
nav ul { columns: 16rem; }
`;
