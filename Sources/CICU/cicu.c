// The functions of CICU.h: each calls the ICU function of the same name, converting only pointer
// and enumeration types (no copies). Debian's ICU renames every function with a version suffix
// (uplrules_open is a macro for uplrules_open_72), which Swift's importer cannot see through;
// compiled here, the macros resolve.
#include "CICU.h"

#include <stdbool.h>
#include <stddef.h>
#include <unicode/utypes.h>
#include <unicode/parseerr.h>
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

// MARK: the header's types and constants are ICU's

_Static_assert(_Generic((UChar)0, uint16_t: true, default: false), "UChar is uint16_t");
_Static_assert(_Generic((UChar32)0, int32_t: true, default: false), "UChar32 is int32_t");
_Static_assert(_Generic((UBool)0, int8_t: true, default: false), "UBool is int8_t");
_Static_assert(_Generic((UDate)0, double: true, default: false), "UDate is double");
_Static_assert(sizeof(UVersionInfo) == 4, "UVersionInfo is 4 bytes");
// Status codes pass as int32_t *: UErrorCode must be an int-sized enumeration.
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode is 32 bits");
_Static_assert(sizeof(UScriptCode) == sizeof(int32_t), "UScriptCode is 32 bits");
_Static_assert(sizeof(cicu_parse_error) == sizeof(UParseError), "cicu_parse_error is UParseError");
_Static_assert(offsetof(cicu_parse_error, line) == offsetof(UParseError, line), "UParseError.line");
_Static_assert(offsetof(cicu_parse_error, offset) == offsetof(UParseError, offset), "UParseError.offset");
_Static_assert(offsetof(cicu_parse_error, preContext) == offsetof(UParseError, preContext), "UParseError.preContext");
_Static_assert(offsetof(cicu_parse_error, postContext) == offsetof(UParseError, postContext), "UParseError.postContext");
_Static_assert(U_PARSE_CONTEXT_LEN == 16, "UParseError context length");

_Static_assert(CICU_U_ZERO_ERROR == U_ZERO_ERROR, "CICU_U_ZERO_ERROR");
_Static_assert(CICU_U_ILLEGAL_ARGUMENT_ERROR == U_ILLEGAL_ARGUMENT_ERROR, "CICU_U_ILLEGAL_ARGUMENT_ERROR");
_Static_assert(CICU_U_INVALID_FORMAT_ERROR == U_INVALID_FORMAT_ERROR, "CICU_U_INVALID_FORMAT_ERROR");
_Static_assert(CICU_U_INDEX_OUTOFBOUNDS_ERROR == U_INDEX_OUTOFBOUNDS_ERROR, "CICU_U_INDEX_OUTOFBOUNDS_ERROR");
_Static_assert(CICU_U_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR, "CICU_U_BUFFER_OVERFLOW_ERROR");
_Static_assert(CICU_U_INVALID_STATE_ERROR == U_INVALID_STATE_ERROR, "CICU_U_INVALID_STATE_ERROR");
_Static_assert(CICU_UCHAR_EXTENDED_PICTOGRAPHIC == UCHAR_EXTENDED_PICTOGRAPHIC, "CICU_UCHAR_EXTENDED_PICTOGRAPHIC");
_Static_assert(CICU_UCHAR_PATTERN_SYNTAX == UCHAR_PATTERN_SYNTAX, "CICU_UCHAR_PATTERN_SYNTAX");
_Static_assert(CICU_UCHAR_PATTERN_WHITE_SPACE == UCHAR_PATTERN_WHITE_SPACE, "CICU_UCHAR_PATTERN_WHITE_SPACE");
_Static_assert(CICU_UCHAR_INDIC_SYLLABIC_CATEGORY == UCHAR_INDIC_SYLLABIC_CATEGORY, "CICU_UCHAR_INDIC_SYLLABIC_CATEGORY");
_Static_assert(CICU_UCHAR_JOINING_TYPE == UCHAR_JOINING_TYPE, "CICU_UCHAR_JOINING_TYPE");
_Static_assert(CICU_U_INSC_OTHER == U_INSC_OTHER, "CICU_U_INSC_OTHER");
_Static_assert(CICU_U_JT_DUAL_JOINING == U_JT_DUAL_JOINING, "CICU_U_JT_DUAL_JOINING");
_Static_assert(CICU_U_JT_LEFT_JOINING == U_JT_LEFT_JOINING, "CICU_U_JT_LEFT_JOINING");
_Static_assert(CICU_U_JT_RIGHT_JOINING == U_JT_RIGHT_JOINING, "CICU_U_JT_RIGHT_JOINING");
_Static_assert(CICU_U_JT_JOIN_CAUSING == U_JT_JOIN_CAUSING, "CICU_U_JT_JOIN_CAUSING");
_Static_assert(CICU_UCAL_GREGORIAN == UCAL_GREGORIAN, "CICU_UCAL_GREGORIAN");
_Static_assert(CICU_UCAL_MILLISECOND == UCAL_MILLISECOND, "CICU_UCAL_MILLISECOND");
_Static_assert(CICU_UCAL_ZONE_OFFSET == UCAL_ZONE_OFFSET, "CICU_UCAL_ZONE_OFFSET");
_Static_assert(CICU_UCAL_DST_OFFSET == UCAL_DST_OFFSET, "CICU_UCAL_DST_OFFSET");
_Static_assert(CICU_UCAL_TZ_TRANSITION_NEXT == UCAL_TZ_TRANSITION_NEXT, "CICU_UCAL_TZ_TRANSITION_NEXT");
_Static_assert(CICU_UPLURAL_TYPE_CARDINAL == UPLURAL_TYPE_CARDINAL, "CICU_UPLURAL_TYPE_CARDINAL");
_Static_assert(CICU_UPLURAL_TYPE_ORDINAL == UPLURAL_TYPE_ORDINAL, "CICU_UPLURAL_TYPE_ORDINAL");
_Static_assert(CICU_UNUM_DECIMAL == UNUM_DECIMAL, "CICU_UNUM_DECIMAL");
_Static_assert(CICU_UNUM_CURRENCY == UNUM_CURRENCY, "CICU_UNUM_CURRENCY");
_Static_assert(CICU_UNUM_PERCENT == UNUM_PERCENT, "CICU_UNUM_PERCENT");
_Static_assert(CICU_UNUM_SPELLOUT == UNUM_SPELLOUT, "CICU_UNUM_SPELLOUT");
_Static_assert(CICU_UNUM_ORDINAL == UNUM_ORDINAL, "CICU_UNUM_ORDINAL");
_Static_assert(CICU_UNUM_DURATION == UNUM_DURATION, "CICU_UNUM_DURATION");
_Static_assert(CICU_UNUM_MAX_FRACTION_DIGITS == UNUM_MAX_FRACTION_DIGITS, "CICU_UNUM_MAX_FRACTION_DIGITS");
_Static_assert(CICU_UNUM_DECIMAL_ALWAYS_SHOWN == UNUM_DECIMAL_ALWAYS_SHOWN, "CICU_UNUM_DECIMAL_ALWAYS_SHOWN");
_Static_assert(CICU_UNUM_PARSE_INT_ONLY == UNUM_PARSE_INT_ONLY, "CICU_UNUM_PARSE_INT_ONLY");
_Static_assert(CICU_UNUM_DEFAULT_RULESET == UNUM_DEFAULT_RULESET, "CICU_UNUM_DEFAULT_RULESET");
_Static_assert(CICU_UNUM_GROUPING_SEPARATOR_SYMBOL == UNUM_GROUPING_SEPARATOR_SYMBOL, "CICU_UNUM_GROUPING_SEPARATOR_SYMBOL");
_Static_assert(CICU_ULISTFMT_TYPE_AND == ULISTFMT_TYPE_AND, "CICU_ULISTFMT_TYPE_AND");
_Static_assert(CICU_ULISTFMT_TYPE_OR == ULISTFMT_TYPE_OR, "CICU_ULISTFMT_TYPE_OR");
_Static_assert(CICU_ULISTFMT_TYPE_UNITS == ULISTFMT_TYPE_UNITS, "CICU_ULISTFMT_TYPE_UNITS");
_Static_assert(CICU_ULISTFMT_WIDTH_WIDE == ULISTFMT_WIDTH_WIDE, "CICU_ULISTFMT_WIDTH_WIDE");
_Static_assert(CICU_ULISTFMT_WIDTH_SHORT == ULISTFMT_WIDTH_SHORT, "CICU_ULISTFMT_WIDTH_SHORT");
_Static_assert(CICU_ULISTFMT_WIDTH_NARROW == ULISTFMT_WIDTH_NARROW, "CICU_ULISTFMT_WIDTH_NARROW");
_Static_assert(CICU_UDAT_FULL == UDAT_FULL, "CICU_UDAT_FULL");
_Static_assert(CICU_UDAT_LONG == UDAT_LONG, "CICU_UDAT_LONG");
_Static_assert(CICU_UDAT_MEDIUM == UDAT_MEDIUM, "CICU_UDAT_MEDIUM");
_Static_assert(CICU_UDAT_SHORT == UDAT_SHORT, "CICU_UDAT_SHORT");
_Static_assert(CICU_UDAT_NONE == UDAT_NONE, "CICU_UDAT_NONE");
_Static_assert(CICU_UDAT_PATTERN == UDAT_PATTERN, "CICU_UDAT_PATTERN");
_Static_assert(CICU_UDAT_MONTHS == UDAT_MONTHS, "CICU_UDAT_MONTHS");
_Static_assert(CICU_UDAT_SHORT_MONTHS == UDAT_SHORT_MONTHS, "CICU_UDAT_SHORT_MONTHS");
_Static_assert(CICU_UDAT_NARROW_MONTHS == UDAT_NARROW_MONTHS, "CICU_UDAT_NARROW_MONTHS");
_Static_assert(CICU_UDAT_STANDALONE_MONTHS == UDAT_STANDALONE_MONTHS, "CICU_UDAT_STANDALONE_MONTHS");
_Static_assert(CICU_UDAT_STANDALONE_SHORT_MONTHS == UDAT_STANDALONE_SHORT_MONTHS, "CICU_UDAT_STANDALONE_SHORT_MONTHS");
_Static_assert(CICU_UDAT_STANDALONE_NARROW_MONTHS == UDAT_STANDALONE_NARROW_MONTHS, "CICU_UDAT_STANDALONE_NARROW_MONTHS");
_Static_assert(CICU_UDAT_WEEKDAYS == UDAT_WEEKDAYS, "CICU_UDAT_WEEKDAYS");
_Static_assert(CICU_UDAT_SHORT_WEEKDAYS == UDAT_SHORT_WEEKDAYS, "CICU_UDAT_SHORT_WEEKDAYS");
_Static_assert(CICU_UDAT_NARROW_WEEKDAYS == UDAT_NARROW_WEEKDAYS, "CICU_UDAT_NARROW_WEEKDAYS");
_Static_assert(CICU_UDAT_SHORTER_WEEKDAYS == UDAT_SHORTER_WEEKDAYS, "CICU_UDAT_SHORTER_WEEKDAYS");
_Static_assert(CICU_UDAT_STANDALONE_WEEKDAYS == UDAT_STANDALONE_WEEKDAYS, "CICU_UDAT_STANDALONE_WEEKDAYS");
_Static_assert(CICU_UDAT_STANDALONE_SHORT_WEEKDAYS == UDAT_STANDALONE_SHORT_WEEKDAYS, "CICU_UDAT_STANDALONE_SHORT_WEEKDAYS");
_Static_assert(CICU_UDAT_STANDALONE_NARROW_WEEKDAYS == UDAT_STANDALONE_NARROW_WEEKDAYS, "CICU_UDAT_STANDALONE_NARROW_WEEKDAYS");
_Static_assert(CICU_UDAT_STANDALONE_SHORTER_WEEKDAYS == UDAT_STANDALONE_SHORTER_WEEKDAYS, "CICU_UDAT_STANDALONE_SHORTER_WEEKDAYS");
_Static_assert(CICU_UDAT_AM_PMS == UDAT_AM_PMS, "CICU_UDAT_AM_PMS");
_Static_assert(CICU_UBRK_CHARACTER == UBRK_CHARACTER, "CICU_UBRK_CHARACTER");
_Static_assert(CICU_UCOL_STRENGTH == UCOL_STRENGTH, "CICU_UCOL_STRENGTH");
_Static_assert(CICU_UCOL_NUMERIC_COLLATION == UCOL_NUMERIC_COLLATION, "CICU_UCOL_NUMERIC_COLLATION");
_Static_assert(CICU_UCOL_PRIMARY == UCOL_PRIMARY, "CICU_UCOL_PRIMARY");
_Static_assert(CICU_UCOL_SECONDARY == UCOL_SECONDARY, "CICU_UCOL_SECONDARY");
_Static_assert(CICU_UCOL_TERTIARY == UCOL_TERTIARY, "CICU_UCOL_TERTIARY");
_Static_assert(CICU_UCOL_ON == UCOL_ON, "CICU_UCOL_ON");
_Static_assert(CICU_UCOL_OFF == UCOL_OFF, "CICU_UCOL_OFF");

// MARK: errors, versions, properties

const char *cicu_u_errorName(int32_t code) { return u_errorName((UErrorCode)code); }
void cicu_u_getVersion(uint8_t info[4]) { u_getVersion(info); }
int8_t cicu_u_hasBinaryProperty(int32_t c, int32_t which) { return u_hasBinaryProperty(c, (UProperty)which); }
int32_t cicu_u_getIntPropertyValue(int32_t c, int32_t which) { return u_getIntPropertyValue(c, (UProperty)which); }

// MARK: locales

int32_t cicu_uloc_forLanguageTag(const char *tag, char *id, int32_t cap, int32_t *parsed, int32_t *s) {
    return uloc_forLanguageTag(tag, id, cap, parsed, (UErrorCode *)s);
}
int32_t cicu_uloc_toLanguageTag(const char *id, char *tag, int32_t cap, int8_t strict, int32_t *s) {
    return uloc_toLanguageTag(id, tag, cap, strict, (UErrorCode *)s);
}
int32_t cicu_uloc_canonicalize(const char *id, char *name, int32_t cap, int32_t *s) {
    return uloc_canonicalize(id, name, cap, (UErrorCode *)s);
}
int32_t cicu_uloc_getLanguage(const char *id, char *lang, int32_t cap, int32_t *s) {
    return uloc_getLanguage(id, lang, cap, (UErrorCode *)s);
}
int8_t cicu_uloc_isRightToLeft(const char *id) { return uloc_isRightToLeft(id); }
int32_t cicu_uloc_getParent(const char *id, char *parent, int32_t cap, int32_t *s) {
    return uloc_getParent(id, parent, cap, (UErrorCode *)s);
}
int32_t cicu_uloc_getBaseName(const char *id, char *name, int32_t cap, int32_t *s) {
    return uloc_getBaseName(id, name, cap, (UErrorCode *)s);
}
int32_t cicu_uloc_addLikelySubtags(const char *id, char *out, int32_t cap, int32_t *s) {
    return uloc_addLikelySubtags(id, out, cap, (UErrorCode *)s);
}
int32_t cicu_uloc_getScript(const char *id, char *out, int32_t cap, int32_t *s) {
    return uloc_getScript(id, out, cap, (UErrorCode *)s);
}
int32_t cicu_uloc_countAvailable(void) { return uloc_countAvailable(); }
const char *cicu_uloc_getAvailable(int32_t n) { return uloc_getAvailable(n); }
int32_t cicu_uloc_getDisplayLanguage(const char *id, const char *display, uint16_t *out, int32_t cap, int32_t *s) {
    return uloc_getDisplayLanguage(id, display, out, cap, (UErrorCode *)s);
}
int32_t cicu_uloc_getDisplayName(const char *id, const char *display, uint16_t *out, int32_t cap, int32_t *s) {
    return uloc_getDisplayName(id, display, out, cap, (UErrorCode *)s);
}
const char *const *cicu_uloc_getISOCountries(void) { return uloc_getISOCountries(); }
const char *cicu_uloc_getISO3Language(const char *id) { return uloc_getISO3Language(id); }

// MARK: enumerations

void cicu_uenum_close(cicu_enumeration *e) { uenum_close((UEnumeration *)e); }
const char *cicu_uenum_next(cicu_enumeration *e, int32_t *len, int32_t *s) {
    return uenum_next((UEnumeration *)e, len, (UErrorCode *)s);
}

// MARK: calendars and time zones

void cicu_ucal_setDefaultTimeZone(const uint16_t *zone, int32_t *s) { ucal_setDefaultTimeZone(zone, (UErrorCode *)s); }
int32_t cicu_ucal_getCanonicalTimeZoneID(const uint16_t *id, int32_t len, uint16_t *buf, int32_t cap, int8_t *isSystemID,
                                         int32_t *s) {
    return ucal_getCanonicalTimeZoneID(id, len, buf, cap, isSystemID, (UErrorCode *)s);
}
cicu_calendar *cicu_ucal_open(const uint16_t *zone, int32_t len, const char *locale, int32_t type, int32_t *s) {
    return (cicu_calendar *)ucal_open(zone, len, locale, (UCalendarType)type, (UErrorCode *)s);
}
cicu_calendar *cicu_ucal_clone(const cicu_calendar *c, int32_t *s) {
    return (cicu_calendar *)ucal_clone((const UCalendar *)c, (UErrorCode *)s);
}
void cicu_ucal_close(cicu_calendar *c) { ucal_close((UCalendar *)c); }
void cicu_ucal_clear(cicu_calendar *c) { ucal_clear((UCalendar *)c); }
void cicu_ucal_setDateTime(cicu_calendar *c, int32_t y, int32_t mo, int32_t d, int32_t h, int32_t mi, int32_t sec, int32_t *s) {
    ucal_setDateTime((UCalendar *)c, y, mo, d, h, mi, sec, (UErrorCode *)s);
}
void cicu_ucal_set(cicu_calendar *c, int32_t field, int32_t v) { ucal_set((UCalendar *)c, (UCalendarDateFields)field, v); }
int32_t cicu_ucal_get(const cicu_calendar *c, int32_t field, int32_t *s) {
    return ucal_get((const UCalendar *)c, (UCalendarDateFields)field, (UErrorCode *)s);
}
double cicu_ucal_getMillis(const cicu_calendar *c, int32_t *s) { return ucal_getMillis((const UCalendar *)c, (UErrorCode *)s); }
void cicu_ucal_setMillis(cicu_calendar *c, double date, int32_t *s) { ucal_setMillis((UCalendar *)c, date, (UErrorCode *)s); }
const char *cicu_ucal_getType(const cicu_calendar *c, int32_t *s) { return ucal_getType((const UCalendar *)c, (UErrorCode *)s); }
int8_t cicu_ucal_getTimeZoneTransitionDate(const cicu_calendar *c, int32_t type, double *date, int32_t *s) {
    return ucal_getTimeZoneTransitionDate((const UCalendar *)c, (UTimeZoneTransitionType)type, date, (UErrorCode *)s);
}

// MARK: plural rules

cicu_plural_rules *cicu_uplrules_openForType(const char *locale, int32_t type, int32_t *s) {
    return (cicu_plural_rules *)uplrules_openForType(locale, (UPluralType)type, (UErrorCode *)s);
}
void cicu_uplrules_close(cicu_plural_rules *r) { uplrules_close((UPluralRules *)r); }
int32_t cicu_uplrules_select(const cicu_plural_rules *r, double n, uint16_t *kw, int32_t cap, int32_t *s) {
    return uplrules_select((const UPluralRules *)r, n, kw, cap, (UErrorCode *)s);
}
int32_t cicu_uplrules_selectFormatted(const cicu_plural_rules *r, const cicu_formatted_number *n, uint16_t *kw, int32_t cap,
                                      int32_t *s) {
    return uplrules_selectFormatted((const UPluralRules *)r, (const UFormattedNumber *)n, kw, cap, (UErrorCode *)s);
}
int32_t cicu_uplrules_selectWithFormat(const cicu_plural_rules *r, double n, const cicu_number_format *f, uint16_t *kw,
                                       int32_t cap, int32_t *s) {
    return uplrules_selectWithFormat((const UPluralRules *)r, n, (const UNumberFormat *)f, kw, cap, (UErrorCode *)s);
}
cicu_enumeration *cicu_uplrules_getKeywords(const cicu_plural_rules *r, int32_t *s) {
    return (cicu_enumeration *)uplrules_getKeywords((const UPluralRules *)r, (UErrorCode *)s);
}

// MARK: numbers by skeleton (UNumberFormatter)

cicu_number_formatter *cicu_unumf_openForSkeletonAndLocaleWithError(const uint16_t *skeleton, int32_t len, const char *locale,
                                                                    cicu_parse_error *pe, int32_t *s) {
    return (cicu_number_formatter *)unumf_openForSkeletonAndLocaleWithError(skeleton, len, locale, (UParseError *)pe,
                                                                            (UErrorCode *)s);
}
void cicu_unumf_close(cicu_number_formatter *f) { unumf_close((UNumberFormatter *)f); }
cicu_formatted_number *cicu_unumf_openResult(int32_t *s) { return (cicu_formatted_number *)unumf_openResult((UErrorCode *)s); }
void cicu_unumf_closeResult(cicu_formatted_number *r) { unumf_closeResult((UFormattedNumber *)r); }
void cicu_unumf_formatInt(const cicu_number_formatter *f, int64_t v, cicu_formatted_number *r, int32_t *s) {
    unumf_formatInt((const UNumberFormatter *)f, v, (UFormattedNumber *)r, (UErrorCode *)s);
}
void cicu_unumf_formatDouble(const cicu_number_formatter *f, double v, cicu_formatted_number *r, int32_t *s) {
    unumf_formatDouble((const UNumberFormatter *)f, v, (UFormattedNumber *)r, (UErrorCode *)s);
}
int32_t cicu_unumf_resultToString(const cicu_formatted_number *r, uint16_t *buf, int32_t cap, int32_t *s) {
    return unumf_resultToString((const UFormattedNumber *)r, buf, cap, (UErrorCode *)s);
}

// MARK: classic number formats (NumberFormat: MF1 styles, DecimalFormat patterns, RBNF)

cicu_number_format *cicu_unum_open(int32_t style, const uint16_t *pattern, int32_t len, const char *locale,
                                   cicu_parse_error *pe, int32_t *s) {
    return (cicu_number_format *)unum_open((UNumberFormatStyle)style, pattern, len, locale, (UParseError *)pe,
                                           (UErrorCode *)s);
}
void cicu_unum_close(cicu_number_format *f) { unum_close((UNumberFormat *)f); }
void cicu_unum_applyPattern(cicu_number_format *f, int8_t localized, const uint16_t *p, int32_t len, cicu_parse_error *pe,
                            int32_t *s) {
    unum_applyPattern((UNumberFormat *)f, localized, p, len, (UParseError *)pe, (UErrorCode *)s);
}
void cicu_unum_setAttribute(cicu_number_format *f, int32_t attribute, int32_t v) {
    unum_setAttribute((UNumberFormat *)f, (UNumberFormatAttribute)attribute, v);
}
void cicu_unum_setTextAttribute(cicu_number_format *f, int32_t attribute, const uint16_t *v, int32_t len, int32_t *s) {
    unum_setTextAttribute((UNumberFormat *)f, (UNumberFormatTextAttribute)attribute, v, len, (UErrorCode *)s);
}
int32_t cicu_unum_getTextAttribute(const cicu_number_format *f, int32_t attribute, uint16_t *buf, int32_t cap, int32_t *s) {
    return unum_getTextAttribute((const UNumberFormat *)f, (UNumberFormatTextAttribute)attribute, buf, cap, (UErrorCode *)s);
}
int32_t cicu_unum_getSymbol(const cicu_number_format *f, int32_t symbol, uint16_t *buf, int32_t cap, int32_t *s) {
    return unum_getSymbol((const UNumberFormat *)f, (UNumberFormatSymbol)symbol, buf, cap, (UErrorCode *)s);
}
int32_t cicu_unum_toPattern(const cicu_number_format *f, int8_t localized, uint16_t *buf, int32_t cap, int32_t *s) {
    return unum_toPattern((const UNumberFormat *)f, localized, buf, cap, (UErrorCode *)s);
}
int32_t cicu_unum_formatInt64(const cicu_number_format *f, int64_t v, uint16_t *buf, int32_t cap, int32_t *s) {
    return unum_formatInt64((const UNumberFormat *)f, v, buf, cap, NULL, (UErrorCode *)s);
}
int32_t cicu_unum_formatDouble(const cicu_number_format *f, double v, uint16_t *buf, int32_t cap, int32_t *s) {
    return unum_formatDouble((const UNumberFormat *)f, v, buf, cap, NULL, (UErrorCode *)s);
}

// MARK: lists

cicu_list_formatter *cicu_ulistfmt_openForType(const char *locale, int32_t type, int32_t width, int32_t *s) {
    return (cicu_list_formatter *)ulistfmt_openForType(locale, (UListFormatterType)type, (UListFormatterWidth)width,
                                                       (UErrorCode *)s);
}
void cicu_ulistfmt_close(cicu_list_formatter *f) { ulistfmt_close((UListFormatter *)f); }
int32_t cicu_ulistfmt_format(const cicu_list_formatter *f, const uint16_t *const strings[], const int32_t *lengths,
                             int32_t count, uint16_t *buf, int32_t cap, int32_t *s) {
    return ulistfmt_format((const UListFormatter *)f, strings, lengths, count, buf, cap, (UErrorCode *)s);
}

// MARK: dates

cicu_date_format *cicu_udat_open(int32_t timeStyle, int32_t dateStyle, const char *locale, const uint16_t *tz, int32_t tzLen,
                                 const uint16_t *pattern, int32_t patternLen, int32_t *s) {
    return (cicu_date_format *)udat_open((UDateFormatStyle)timeStyle, (UDateFormatStyle)dateStyle, locale, tz, tzLen, pattern,
                                         patternLen, (UErrorCode *)s);
}
void cicu_udat_close(cicu_date_format *f) { udat_close((UDateFormat *)f); }
void cicu_udat_applyPattern(cicu_date_format *f, int8_t localized, const uint16_t *p, int32_t len) {
    udat_applyPattern((UDateFormat *)f, localized, p, len);
}
int32_t cicu_udat_format(const cicu_date_format *f, double date, uint16_t *buf, int32_t cap, int32_t *s) {
    return udat_format((const UDateFormat *)f, date, buf, cap, NULL, (UErrorCode *)s);
}
int32_t cicu_udat_toPattern(const cicu_date_format *f, int8_t localized, uint16_t *buf, int32_t cap, int32_t *s) {
    return udat_toPattern((const UDateFormat *)f, localized, buf, cap, (UErrorCode *)s);
}
int32_t cicu_udat_getSymbols(const cicu_date_format *f, int32_t type, int32_t i, uint16_t *buf, int32_t cap, int32_t *s) {
    return udat_getSymbols((const UDateFormat *)f, (UDateFormatSymbolType)type, i, buf, cap, (UErrorCode *)s);
}
const cicu_calendar *cicu_udat_getCalendar(const cicu_date_format *f) {
    return (const cicu_calendar *)udat_getCalendar((const UDateFormat *)f);
}
const cicu_number_format *cicu_udat_getNumberFormat(const cicu_date_format *f) {
    return (const cicu_number_format *)udat_getNumberFormat((const UDateFormat *)f);
}
cicu_date_pattern_generator *cicu_udatpg_open(const char *locale, int32_t *s) {
    return (cicu_date_pattern_generator *)udatpg_open(locale, (UErrorCode *)s);
}
void cicu_udatpg_close(cicu_date_pattern_generator *g) { udatpg_close((UDateTimePatternGenerator *)g); }
int32_t cicu_udatpg_getBestPattern(cicu_date_pattern_generator *g, const uint16_t *skeleton, int32_t len, uint16_t *buf,
                                   int32_t cap, int32_t *s) {
    return udatpg_getBestPattern((UDateTimePatternGenerator *)g, skeleton, len, buf, cap, (UErrorCode *)s);
}

// MARK: grapheme clusters

cicu_break_iterator *cicu_ubrk_open(int32_t type, const char *locale, const uint16_t *text, int32_t len, int32_t *s) {
    return (cicu_break_iterator *)ubrk_open((UBreakIteratorType)type, locale, text, len, (UErrorCode *)s);
}
void cicu_ubrk_close(cicu_break_iterator *b) { ubrk_close((UBreakIterator *)b); }
void cicu_ubrk_setText(cicu_break_iterator *b, const uint16_t *text, int32_t len, int32_t *s) {
    ubrk_setText((UBreakIterator *)b, text, len, (UErrorCode *)s);
}
int32_t cicu_ubrk_first(cicu_break_iterator *b) { return ubrk_first((UBreakIterator *)b); }
int32_t cicu_ubrk_next(cicu_break_iterator *b) { return ubrk_next((UBreakIterator *)b); }

// MARK: collation

cicu_collator *cicu_ucol_open(const char *locale, int32_t *s) { return (cicu_collator *)ucol_open(locale, (UErrorCode *)s); }
void cicu_ucol_close(cicu_collator *c) { ucol_close((UCollator *)c); }
void cicu_ucol_setAttribute(cicu_collator *c, int32_t attribute, int32_t value, int32_t *s) {
    ucol_setAttribute((UCollator *)c, (UColAttribute)attribute, (UColAttributeValue)value, (UErrorCode *)s);
}
int32_t cicu_ucol_getSortKey(const cicu_collator *c, const uint16_t *text, int32_t len, uint8_t *key, int32_t cap) {
    return ucol_getSortKey((const UCollator *)c, text, len, key, cap);
}

// MARK: resource bundles

cicu_resource_bundle *cicu_ures_openDirect(const char *path, const char *name, int32_t *s) {
    return (cicu_resource_bundle *)ures_openDirect(path, name, (UErrorCode *)s);
}
void cicu_ures_close(cicu_resource_bundle *r) { ures_close((UResourceBundle *)r); }
cicu_resource_bundle *cicu_ures_getByKey(const cicu_resource_bundle *r, const char *key, cicu_resource_bundle *fill,
                                         int32_t *s) {
    return (cicu_resource_bundle *)ures_getByKey((const UResourceBundle *)r, key, (UResourceBundle *)fill, (UErrorCode *)s);
}
cicu_resource_bundle *cicu_ures_getByIndex(const cicu_resource_bundle *r, int32_t i, cicu_resource_bundle *fill, int32_t *s) {
    return (cicu_resource_bundle *)ures_getByIndex((const UResourceBundle *)r, i, (UResourceBundle *)fill, (UErrorCode *)s);
}
const uint16_t *cicu_ures_getStringByKey(const cicu_resource_bundle *r, const char *key, int32_t *len, int32_t *s) {
    return ures_getStringByKey((const UResourceBundle *)r, key, len, (UErrorCode *)s);
}
const uint16_t *cicu_ures_getString(const cicu_resource_bundle *r, int32_t *len, int32_t *s) {
    return ures_getString((const UResourceBundle *)r, len, (UErrorCode *)s);
}
int32_t cicu_ures_getSize(const cicu_resource_bundle *r) { return ures_getSize((const UResourceBundle *)r); }
const char *cicu_ures_getKey(const cicu_resource_bundle *r) { return ures_getKey((const UResourceBundle *)r); }

// MARK: scripts

int32_t cicu_uscript_getScript(int32_t c, int32_t *s) { return uscript_getScript(c, (UErrorCode *)s); }
const char *cicu_uscript_getShortName(int32_t code) { return uscript_getShortName((UScriptCode)code); }

// MARK: MessageFormat

cicu_message_format *cicu_umsg_open(const uint16_t *pattern, int32_t len, const char *locale, cicu_parse_error *pe,
                                    int32_t *s) {
    return (cicu_message_format *)umsg_open(pattern, len, locale, (UParseError *)pe, (UErrorCode *)s);
}
void cicu_umsg_close(cicu_message_format *f) { umsg_close((UMessageFormat *)f); }
int32_t cicu_umsg_vformat(const cicu_message_format *f, uint16_t *buf, int32_t cap, va_list ap, int32_t *s) {
    return umsg_vformat((const UMessageFormat *)f, buf, cap, ap, (UErrorCode *)s);
}
int32_t cicu_va_list_noop(va_list ap) {
    (void)ap;
    return 0;
}

// MARK: number fields

#include <unicode/ufieldpositer.h>

_Static_assert(CICU_UNUM_INTEGER_FIELD == UNUM_INTEGER_FIELD, "CICU_UNUM_INTEGER_FIELD");
_Static_assert(CICU_UNUM_FRACTION_FIELD == UNUM_FRACTION_FIELD, "CICU_UNUM_FRACTION_FIELD");
_Static_assert(CICU_UNUM_DECIMAL_SEPARATOR_FIELD == UNUM_DECIMAL_SEPARATOR_FIELD, "CICU_UNUM_DECIMAL_SEPARATOR_FIELD");
_Static_assert(CICU_UNUM_EXPONENT_SYMBOL_FIELD == UNUM_EXPONENT_SYMBOL_FIELD, "CICU_UNUM_EXPONENT_SYMBOL_FIELD");
_Static_assert(CICU_UNUM_EXPONENT_SIGN_FIELD == UNUM_EXPONENT_SIGN_FIELD, "CICU_UNUM_EXPONENT_SIGN_FIELD");
_Static_assert(CICU_UNUM_EXPONENT_FIELD == UNUM_EXPONENT_FIELD, "CICU_UNUM_EXPONENT_FIELD");
_Static_assert(CICU_UNUM_GROUPING_SEPARATOR_FIELD == UNUM_GROUPING_SEPARATOR_FIELD, "CICU_UNUM_GROUPING_SEPARATOR_FIELD");
_Static_assert(CICU_UNUM_CURRENCY_FIELD == UNUM_CURRENCY_FIELD, "CICU_UNUM_CURRENCY_FIELD");
_Static_assert(CICU_UNUM_PERCENT_FIELD == UNUM_PERCENT_FIELD, "CICU_UNUM_PERCENT_FIELD");
_Static_assert(CICU_UNUM_PERMILL_FIELD == UNUM_PERMILL_FIELD, "CICU_UNUM_PERMILL_FIELD");
_Static_assert(CICU_UNUM_SIGN_FIELD == UNUM_SIGN_FIELD, "CICU_UNUM_SIGN_FIELD");
_Static_assert(CICU_UNUM_MEASURE_UNIT_FIELD == UNUM_MEASURE_UNIT_FIELD, "CICU_UNUM_MEASURE_UNIT_FIELD");
_Static_assert(CICU_UNUM_COMPACT_FIELD == UNUM_COMPACT_FIELD, "CICU_UNUM_COMPACT_FIELD");

int32_t cicu_unumf_resultGetFields(const cicu_formatted_number *r, int32_t *fields, int32_t *begins, int32_t *ends,
                                   int32_t cap, int32_t *s) {
    UFieldPositionIterator *iterator = ufieldpositer_open((UErrorCode *)s);
    if (U_FAILURE(*(UErrorCode *)s)) {
        if (iterator != NULL) ufieldpositer_close(iterator);
        return 0;
    }
    unumf_resultGetAllFieldPositions((const UFormattedNumber *)r, iterator, (UErrorCode *)s);
    int32_t count = 0;
    if (U_SUCCESS(*(UErrorCode *)s)) {
        int32_t begin = 0, end = 0, field;
        while ((field = ufieldpositer_next(iterator, &begin, &end)) >= 0) {
            if (count < cap) {
                fields[count] = field;
                begins[count] = begin;
                ends[count] = end;
            }
            count++;
        }
    }
    ufieldpositer_close(iterator);
    return count;
}
