// German's first-screen texts as a chunk of their own, named so that it is told apart from the
// rest of the German catalogue (de-*.js): the entry carries only English's (i18n.ts).
export { messages } from '../locales/first-screen/de.json?lingui';
