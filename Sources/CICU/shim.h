// Speakable's view of system ICU (Debian libicu-dev, ICU 72).
//
// Debian's ICU renames every function with a version suffix (uplrules_open is a macro for
// uplrules_open_72), and Swift's importer cannot see through those macros. Each function used is
// therefore wrapped here in a `static inline` function with a `cicu_` prefix: clang compiles the
// body, so the macro resolves, and Swift sees a plain C function.
//
// Only SpeakableICU and the test-support module ICUOracle import this module; nothing above them
// touches C. SpeakableICU imports it `@_implementationOnly` (see Package.swift, "import Speakable
// next to Foundation"), ICUOracle with `internal import`.
#ifndef SPEAKABLE_CICU_SHIM_H
#define SPEAKABLE_CICU_SHIM_H

#include <stdarg.h>
#include <unicode/utypes.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uenum.h>
#include <unicode/ucal.h>
#include <unicode/upluralrules.h>
#include <unicode/unum.h>
#include <unicode/unumberformatter.h>
#include <unicode/ulistformatter.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/ubrk.h>
#include <unicode/umsg.h>
#include <unicode/ucol.h>
#include <unicode/uversion.h>
#include <unicode/ures.h>
#include <unicode/uscript.h>

// MARK: errors, versions, properties

static inline const char *cicu_u_errorName(UErrorCode code) { return u_errorName(code); }
static inline void cicu_u_getVersion(UVersionInfo info) { u_getVersion(info); }
static inline UBool cicu_u_hasBinaryProperty(UChar32 c, UProperty which) { return u_hasBinaryProperty(c, which); }
static inline int32_t cicu_u_getIntPropertyValue(UChar32 c, UProperty which) { return u_getIntPropertyValue(c, which); }

// MARK: locales

static inline int32_t cicu_uloc_forLanguageTag(const char *tag, char *id, int32_t cap, int32_t *parsed, UErrorCode *s) {
    return uloc_forLanguageTag(tag, id, cap, parsed, s);
}
static inline int32_t cicu_uloc_toLanguageTag(const char *id, char *tag, int32_t cap, UBool strict, UErrorCode *s) {
    return uloc_toLanguageTag(id, tag, cap, strict, s);
}
static inline int32_t cicu_uloc_canonicalize(const char *id, char *name, int32_t cap, UErrorCode *s) {
    return uloc_canonicalize(id, name, cap, s);
}
static inline int32_t cicu_uloc_getLanguage(const char *id, char *lang, int32_t cap, UErrorCode *s) {
    return uloc_getLanguage(id, lang, cap, s);
}
static inline UBool cicu_uloc_isRightToLeft(const char *id) { return uloc_isRightToLeft(id); }

// MARK: enumerations

static inline void cicu_uenum_close(UEnumeration *e) { uenum_close(e); }
static inline const char *cicu_uenum_next(UEnumeration *e, int32_t *len, UErrorCode *s) { return uenum_next(e, len, s); }

// MARK: calendar (default time zone, for the MessageFormat oracle)

static inline void cicu_ucal_setDefaultTimeZone(const UChar *zone, UErrorCode *s) { ucal_setDefaultTimeZone(zone, s); }
static inline int32_t cicu_ucal_getCanonicalTimeZoneID(const UChar *id, int32_t len, UChar *buf, int32_t cap, UBool *isSystemID, UErrorCode *s) {
    return ucal_getCanonicalTimeZoneID(id, len, buf, cap, isSystemID, s);
}

static inline UCalendar *cicu_ucal_open(const UChar *zone, int32_t len, const char *locale, UCalendarType type, UErrorCode *s) {
    return ucal_open(zone, len, locale, type, s);
}
static inline void cicu_ucal_close(UCalendar *c) { ucal_close(c); }
static inline void cicu_ucal_clear(UCalendar *c) { ucal_clear(c); }
static inline void cicu_ucal_setDateTime(UCalendar *c, int32_t y, int32_t mo, int32_t d, int32_t h, int32_t mi, int32_t sec, UErrorCode *s) {
    ucal_setDateTime(c, y, mo, d, h, mi, sec, s);
}
static inline void cicu_ucal_set(UCalendar *c, UCalendarDateFields f, int32_t v) { ucal_set(c, f, v); }
static inline UDate cicu_ucal_getMillis(const UCalendar *c, UErrorCode *s) { return ucal_getMillis(c, s); }

// MARK: plural rules

static inline UPluralRules *cicu_uplrules_openForType(const char *locale, UPluralType type, UErrorCode *s) {
    return uplrules_openForType(locale, type, s);
}
static inline void cicu_uplrules_close(UPluralRules *r) { uplrules_close(r); }
static inline int32_t cicu_uplrules_select(const UPluralRules *r, double n, UChar *kw, int32_t cap, UErrorCode *s) {
    return uplrules_select(r, n, kw, cap, s);
}
static inline int32_t cicu_uplrules_selectFormatted(const UPluralRules *r, const UFormattedNumber *n, UChar *kw, int32_t cap, UErrorCode *s) {
    return uplrules_selectFormatted(r, n, kw, cap, s);
}
static inline int32_t cicu_uplrules_selectWithFormat(const UPluralRules *r, double n, const UNumberFormat *f, UChar *kw, int32_t cap, UErrorCode *s) {
    return uplrules_selectWithFormat(r, n, f, kw, cap, s);
}
static inline UEnumeration *cicu_uplrules_getKeywords(const UPluralRules *r, UErrorCode *s) {
    return uplrules_getKeywords(r, s);
}

// MARK: numbers by skeleton (UNumberFormatter)

static inline UNumberFormatter *cicu_unumf_openForSkeletonAndLocaleWithError(const UChar *skeleton, int32_t len, const char *locale, UParseError *pe, UErrorCode *s) {
    return unumf_openForSkeletonAndLocaleWithError(skeleton, len, locale, pe, s);
}
static inline void cicu_unumf_close(UNumberFormatter *f) { unumf_close(f); }
static inline UFormattedNumber *cicu_unumf_openResult(UErrorCode *s) { return unumf_openResult(s); }
static inline void cicu_unumf_closeResult(UFormattedNumber *r) { unumf_closeResult(r); }
static inline void cicu_unumf_formatInt(const UNumberFormatter *f, int64_t v, UFormattedNumber *r, UErrorCode *s) { unumf_formatInt(f, v, r, s); }
static inline void cicu_unumf_formatDouble(const UNumberFormatter *f, double v, UFormattedNumber *r, UErrorCode *s) { unumf_formatDouble(f, v, r, s); }
static inline void cicu_unumf_formatDecimal(const UNumberFormatter *f, const char *v, int32_t len, UFormattedNumber *r, UErrorCode *s) { unumf_formatDecimal(f, v, len, r, s); }
static inline int32_t cicu_unumf_resultToString(const UFormattedNumber *r, UChar *buf, int32_t cap, UErrorCode *s) {
    return unumf_resultToString(r, buf, cap, s);
}

// MARK: classic number formats (NumberFormat: MF1 styles, DecimalFormat patterns, RBNF)

static inline UNumberFormat *cicu_unum_open(UNumberFormatStyle style, const UChar *pattern, int32_t len, const char *locale, UParseError *pe, UErrorCode *s) {
    return unum_open(style, pattern, len, locale, pe, s);
}
static inline void cicu_unum_close(UNumberFormat *f) { unum_close(f); }
static inline void cicu_unum_applyPattern(UNumberFormat *f, UBool localized, const UChar *p, int32_t len, UParseError *pe, UErrorCode *s) {
    unum_applyPattern(f, localized, p, len, pe, s);
}
static inline void cicu_unum_setAttribute(UNumberFormat *f, UNumberFormatAttribute a, int32_t v) { unum_setAttribute(f, a, v); }
static inline int32_t cicu_unum_getAttribute(const UNumberFormat *f, UNumberFormatAttribute a) { return unum_getAttribute(f, a); }
static inline void cicu_unum_setTextAttribute(UNumberFormat *f, UNumberFormatTextAttribute a, const UChar *v, int32_t len, UErrorCode *s) {
    unum_setTextAttribute(f, a, v, len, s);
}
static inline int32_t cicu_unum_formatInt64(const UNumberFormat *f, int64_t v, UChar *buf, int32_t cap, UErrorCode *s) {
    return unum_formatInt64(f, v, buf, cap, NULL, s);
}
static inline int32_t cicu_unum_formatDouble(const UNumberFormat *f, double v, UChar *buf, int32_t cap, UErrorCode *s) {
    return unum_formatDouble(f, v, buf, cap, NULL, s);
}

// MARK: lists

static inline UListFormatter *cicu_ulistfmt_openForType(const char *locale, UListFormatterType t, UListFormatterWidth w, UErrorCode *s) {
    return ulistfmt_openForType(locale, t, w, s);
}
static inline void cicu_ulistfmt_close(UListFormatter *f) { ulistfmt_close(f); }
static inline int32_t cicu_ulistfmt_format(const UListFormatter *f, const UChar *const strings[], const int32_t *lengths, int32_t count, UChar *buf, int32_t cap, UErrorCode *s) {
    return ulistfmt_format(f, strings, lengths, count, buf, cap, s);
}

// MARK: dates

static inline UDateFormat *cicu_udat_open(UDateFormatStyle timeStyle, UDateFormatStyle dateStyle, const char *locale, const UChar *tz, int32_t tzLen, const UChar *pattern, int32_t patternLen, UErrorCode *s) {
    return udat_open(timeStyle, dateStyle, locale, tz, tzLen, pattern, patternLen, s);
}
static inline void cicu_udat_close(UDateFormat *f) { udat_close(f); }
static inline void cicu_udat_applyPattern(UDateFormat *f, UBool localized, const UChar *p, int32_t len) { udat_applyPattern(f, localized, p, len); }
static inline int32_t cicu_udat_format(const UDateFormat *f, UDate d, UChar *buf, int32_t cap, UErrorCode *s) {
    return udat_format(f, d, buf, cap, NULL, s);
}
static inline int32_t cicu_udat_toPattern(const UDateFormat *f, UBool localized, UChar *buf, int32_t cap, UErrorCode *s) {
    return udat_toPattern(f, localized, buf, cap, s);
}
static inline UDateTimePatternGenerator *cicu_udatpg_open(const char *locale, UErrorCode *s) { return udatpg_open(locale, s); }
static inline void cicu_udatpg_close(UDateTimePatternGenerator *g) { udatpg_close(g); }
static inline int32_t cicu_udatpg_getBestPattern(UDateTimePatternGenerator *g, const UChar *skeleton, int32_t len, UChar *buf, int32_t cap, UErrorCode *s) {
    return udatpg_getBestPattern(g, skeleton, len, buf, cap, s);
}

// MARK: grapheme clusters

static inline UBreakIterator *cicu_ubrk_open(UBreakIteratorType t, const char *locale, const UChar *text, int32_t len, UErrorCode *s) {
    return ubrk_open(t, locale, text, len, s);
}
static inline void cicu_ubrk_close(UBreakIterator *b) { ubrk_close(b); }
static inline void cicu_ubrk_setText(UBreakIterator *b, const UChar *text, int32_t len, UErrorCode *s) { ubrk_setText(b, text, len, s); }
static inline int32_t cicu_ubrk_first(UBreakIterator *b) { return ubrk_first(b); }
static inline int32_t cicu_ubrk_next(UBreakIterator *b) { return ubrk_next(b); }

// MARK: collation (the order Xcode sorts String Catalog keys in)

static inline UCollator *cicu_ucol_open(const char *locale, UErrorCode *s) { return ucol_open(locale, s); }
static inline void cicu_ucol_close(UCollator *c) { ucol_close(c); }
static inline void cicu_ucol_setAttribute(UCollator *c, UColAttribute a, UColAttributeValue v, UErrorCode *s) {
    ucol_setAttribute(c, a, v, s);
}
static inline int32_t cicu_ucol_getSortKey(const UCollator *c, const UChar *text, int32_t len, uint8_t *key, int32_t cap) {
    return ucol_getSortKey(c, text, len, key, cap);
}

// MARK: resource bundles (ICU's own data: plural rules by locale, read to derive fast paths)

static inline UResourceBundle *cicu_ures_openDirect(const char *path, const char *name, UErrorCode *s) { return ures_openDirect(path, name, s); }
static inline void cicu_ures_close(UResourceBundle *r) { ures_close(r); }
static inline UResourceBundle *cicu_ures_getByKey(const UResourceBundle *r, const char *key, UResourceBundle *fill, UErrorCode *s) {
    return ures_getByKey(r, key, fill, s);
}
static inline const UChar *cicu_ures_getStringByKey(const UResourceBundle *r, const char *key, int32_t *len, UErrorCode *s) {
    return ures_getStringByKey(r, key, len, s);
}
static inline int32_t cicu_ures_getSize(const UResourceBundle *r) { return ures_getSize(r); }
static inline UResourceBundle *cicu_ures_getByIndex(const UResourceBundle *r, int32_t i, UResourceBundle *fill, UErrorCode *s) {
    return ures_getByIndex(r, i, fill, s);
}
static inline const char *cicu_ures_getKey(const UResourceBundle *r) { return ures_getKey(r); }
static inline const UChar *cicu_ures_getString(const UResourceBundle *r, int32_t *len, UErrorCode *s) { return ures_getString(r, len, s); }
static inline int32_t cicu_uloc_getParent(const char *id, char *parent, int32_t cap, UErrorCode *s) {
    return uloc_getParent(id, parent, cap, s);
}
static inline int32_t cicu_uloc_getBaseName(const char *id, char *name, int32_t cap, UErrorCode *s) {
    return uloc_getBaseName(id, name, cap, s);
}

// MARK: rule-based number formats, read to derive fast paths

static inline int32_t cicu_unum_toPattern(const UNumberFormat *f, UBool localized, UChar *buf, int32_t cap, UErrorCode *s) {
    return unum_toPattern(f, localized, buf, cap, s);
}
static inline int32_t cicu_unum_getTextAttribute(const UNumberFormat *f, UNumberFormatTextAttribute a, UChar *buf, int32_t cap, UErrorCode *s) {
    return unum_getTextAttribute(f, a, buf, cap, s);
}
static inline int32_t cicu_unum_getSymbol(const UNumberFormat *f, UNumberFormatSymbol sym, UChar *buf, int32_t cap, UErrorCode *s) {
    return unum_getSymbol(f, sym, buf, cap, s);
}

// MARK: date symbols, calendars and zone transitions, read to derive fast paths

static inline int32_t cicu_udat_getSymbols(const UDateFormat *f, UDateFormatSymbolType t, int32_t i, UChar *buf, int32_t cap, UErrorCode *s) {
    return udat_getSymbols(f, t, i, buf, cap, s);
}
static inline int32_t cicu_udat_countSymbols(const UDateFormat *f, UDateFormatSymbolType t) { return udat_countSymbols(f, t); }
static inline const UCalendar *cicu_udat_getCalendar(const UDateFormat *f) { return udat_getCalendar(f); }
static inline const UNumberFormat *cicu_udat_getNumberFormat(const UDateFormat *f) { return udat_getNumberFormat(f); }
static inline const char *cicu_ucal_getType(const UCalendar *c, UErrorCode *s) { return ucal_getType(c, s); }
static inline UDate cicu_ucal_getGregorianChange(const UCalendar *c, UErrorCode *s) { return ucal_getGregorianChange(c, s); }
static inline UCalendar *cicu_ucal_clone(const UCalendar *c, UErrorCode *s) { return ucal_clone(c, s); }
static inline void cicu_ucal_setMillis(UCalendar *c, UDate d, UErrorCode *s) { ucal_setMillis(c, d, s); }
static inline int32_t cicu_ucal_get(const UCalendar *c, UCalendarDateFields f, UErrorCode *s) { return ucal_get(c, f, s); }
static inline UBool cicu_ucal_getTimeZoneTransitionDate(const UCalendar *c, UTimeZoneTransitionType t, UDate *d, UErrorCode *s) {
    return ucal_getTimeZoneTransitionDate(c, t, d, s);
}

// MARK: MessageFormat (used only as the reference oracle in tests and benchmarks)

static inline UMessageFormat *cicu_umsg_open(const UChar *pattern, int32_t len, const char *locale, UParseError *pe, UErrorCode *s) {
    return umsg_open(pattern, len, locale, pe, s);
}
static inline void cicu_umsg_close(UMessageFormat *f) { umsg_close(f); }
static inline int32_t cicu_umsg_vformat(const UMessageFormat *f, UChar *buf, int32_t cap, va_list ap, UErrorCode *s) {
    return umsg_vformat(f, buf, cap, ap, s);
}

/// Does nothing with a va_list; lets benchmarks measure what building one costs from Swift.
static inline int32_t cicu_va_list_noop(va_list ap) { (void)ap; return 0; }

// MARK: scripts and locale knowledge (the checker's locale and script judgements)

static inline UScriptCode cicu_uscript_getScript(UChar32 c, UErrorCode *s) { return uscript_getScript(c, s); }
static inline const char *cicu_uscript_getShortName(UScriptCode code) { return uscript_getShortName(code); }
static inline int32_t cicu_uscript_getCode(const char *name, UScriptCode *codes, int32_t cap, UErrorCode *s) {
    return uscript_getCode(name, codes, cap, s);
}
static inline int32_t cicu_uloc_addLikelySubtags(const char *id, char *out, int32_t cap, UErrorCode *s) {
    return uloc_addLikelySubtags(id, out, cap, s);
}
static inline int32_t cicu_uloc_getScript(const char *id, char *out, int32_t cap, UErrorCode *s) {
    return uloc_getScript(id, out, cap, s);
}
static inline int32_t cicu_uloc_countAvailable(void) { return uloc_countAvailable(); }
static inline const char *cicu_uloc_getAvailable(int32_t n) { return uloc_getAvailable(n); }
static inline int32_t cicu_uloc_getDisplayLanguage(const char *id, const char *display, UChar *out, int32_t cap, UErrorCode *s) {
    return uloc_getDisplayLanguage(id, display, out, cap, s);
}

// MARK: locale tags checked with "did you mean" (country codes, three-letter codes, names)

static inline const char *const *cicu_uloc_getISOCountries(void) { return uloc_getISOCountries(); }
static inline const char *cicu_uloc_getISO3Language(const char *id) { return uloc_getISO3Language(id); }
static inline int32_t cicu_uloc_getDisplayName(const char *id, const char *display, UChar *out, int32_t cap, UErrorCode *s) {
    return uloc_getDisplayName(id, display, out, cap, s);
}

#endif
