import { catalogIn, type Catalog } from '../../catalog/catalog.js';
import type { ConsultationTypeList } from '../../contract/consultation.js';
import { localePath, type Locale } from '../../words/locale.js';
import { wordsOf, type Words } from '../../words/words.js';

// The language a booking page is in, as its address says (/consultations, /es/consultations): its words
// (src/words, the `booking` section), its addresses, and the consultation types as the content words them
// in it (site.<locale>.yaml, translated by the catalog's loader).

export interface BookingLanguage {
  locale: Locale;
  words: Words['booking'];
  /** A site address in this language: every link and form action of the booking pages. */
  href(path: string): string;
}

export function bookingLanguage(locale: Locale): BookingLanguage {
  return { locale, words: wordsOf(locale).booking, href: (path) => localePath(path, locale) };
}

/**
 * The use case's list of types with each title and description in the language's catalog (a type the
 * catalog does not translate keeps the use case's words): the slugs, lengths and addresses are the same.
 */
export function typesIn(list: ConsultationTypeList, catalog: Catalog, locale: Locale): ConsultationTypeList {
  const kinds = catalogIn(catalog, locale).consultations?.kinds ?? [];
  return {
    ...list,
    consultations: list.consultations.map((type) => {
      const kind = kinds.find((k) => k.slug === type.slug);
      return kind ? { ...type, title: kind.title, description: kind.description } : type;
    }),
  };
}
