// Speakable's view of the system ICU (Debian libicu-dev, ICU 72), in plain C types only.
//
// Each function here calls the ICU function of the same name without the `cicu_` prefix
// (cicu.c). ICU itself stays out of this header: status codes are `int32_t` (`CICU_U_*`, positive
// for failures), text is UTF-16 in `uint16_t`, ICU's `UBool` is `int8_t`, dates are milliseconds
// in `double`, enumeration values are `int32_t` constants renamed with a `CICU_` prefix, and ICU's
// objects are pointers to the incomplete structs below (Swift sees `OpaquePointer`). A module that
// imports this header therefore declares no ICU type, and can meet Foundation's own copy of ICU in
// a client module: debug builds compile with testing enabled, where SpeakableICU's
// `internal import CICU` is loaded by the modules that import SpeakableICU.
//
// cicu.c checks every constant and every type assumption against ICU's headers at compile time,
// so an ICU that differs fails to build instead of misbehaving.
#ifndef SPEAKABLE_CICU_H
#define SPEAKABLE_CICU_H

#include <stdarg.h>
#include <stdint.h>

// MARK: ICU objects (UPluralRules, UNumberFormat, …), opaque

typedef struct cicu_plural_rules cicu_plural_rules;
typedef struct cicu_enumeration cicu_enumeration;
typedef struct cicu_calendar cicu_calendar;
typedef struct cicu_number_formatter cicu_number_formatter;
typedef struct cicu_formatted_number cicu_formatted_number;
typedef struct cicu_number_format cicu_number_format;
typedef struct cicu_list_formatter cicu_list_formatter;
typedef struct cicu_date_format cicu_date_format;
typedef struct cicu_date_pattern_generator cicu_date_pattern_generator;
typedef struct cicu_break_iterator cicu_break_iterator;
typedef struct cicu_collator cicu_collator;
typedef struct cicu_resource_bundle cicu_resource_bundle;
typedef struct cicu_message_format cicu_message_format;

/// ICU's UParseError, field for field.
typedef struct cicu_parse_error {
    int32_t line;
    int32_t offset;
    uint16_t preContext[16];
    uint16_t postContext[16];
} cicu_parse_error;

// MARK: constants (UErrorCode, UProperty, UNumberFormatStyle, …)

#define CICU_U_ZERO_ERROR                      0
#define CICU_U_ILLEGAL_ARGUMENT_ERROR          1
#define CICU_U_INVALID_FORMAT_ERROR            3
#define CICU_U_INDEX_OUTOFBOUNDS_ERROR         8
#define CICU_U_BUFFER_OVERFLOW_ERROR           15
#define CICU_U_INVALID_STATE_ERROR             27

#define CICU_UCHAR_EXTENDED_PICTOGRAPHIC       64
#define CICU_UCHAR_PATTERN_SYNTAX              42
#define CICU_UCHAR_PATTERN_WHITE_SPACE         43
#define CICU_UCHAR_INDIC_SYLLABIC_CATEGORY     4119
#define CICU_UCHAR_JOINING_TYPE                4103
#define CICU_U_INSC_OTHER                      0
#define CICU_U_JT_DUAL_JOINING                 2
#define CICU_U_JT_LEFT_JOINING                 3
#define CICU_U_JT_RIGHT_JOINING                4
#define CICU_U_JT_JOIN_CAUSING                 1

#define CICU_UCAL_GREGORIAN                    1
#define CICU_UCAL_MILLISECOND                  14
#define CICU_UCAL_ZONE_OFFSET                  15
#define CICU_UCAL_DST_OFFSET                   16
#define CICU_UCAL_TZ_TRANSITION_NEXT           0

#define CICU_UPLURAL_TYPE_CARDINAL             0
#define CICU_UPLURAL_TYPE_ORDINAL              1

#define CICU_UNUM_DECIMAL                      1
#define CICU_UNUM_CURRENCY                     2
#define CICU_UNUM_PERCENT                      3
#define CICU_UNUM_SPELLOUT                     5
#define CICU_UNUM_ORDINAL                      6
#define CICU_UNUM_DURATION                     7
#define CICU_UNUM_MAX_FRACTION_DIGITS          6
#define CICU_UNUM_DECIMAL_ALWAYS_SHOWN         2
#define CICU_UNUM_PARSE_INT_ONLY               0
#define CICU_UNUM_DEFAULT_RULESET              6
#define CICU_UNUM_GROUPING_SEPARATOR_SYMBOL    1

#define CICU_ULISTFMT_TYPE_AND                 0
#define CICU_ULISTFMT_TYPE_OR                  1
#define CICU_ULISTFMT_TYPE_UNITS               2
#define CICU_ULISTFMT_WIDTH_WIDE               0
#define CICU_ULISTFMT_WIDTH_SHORT              1
#define CICU_ULISTFMT_WIDTH_NARROW             2

#define CICU_UDAT_FULL                         0
#define CICU_UDAT_LONG                         1
#define CICU_UDAT_MEDIUM                       2
#define CICU_UDAT_SHORT                        3
#define CICU_UDAT_NONE                         (-1)
#define CICU_UDAT_PATTERN                      (-2)
#define CICU_UDAT_MONTHS                       1
#define CICU_UDAT_SHORT_MONTHS                 2
#define CICU_UDAT_NARROW_MONTHS                8
#define CICU_UDAT_STANDALONE_MONTHS            10
#define CICU_UDAT_STANDALONE_SHORT_MONTHS      11
#define CICU_UDAT_STANDALONE_NARROW_MONTHS     12
#define CICU_UDAT_WEEKDAYS                     3
#define CICU_UDAT_SHORT_WEEKDAYS               4
#define CICU_UDAT_NARROW_WEEKDAYS              9
#define CICU_UDAT_SHORTER_WEEKDAYS             20
#define CICU_UDAT_STANDALONE_WEEKDAYS          13
#define CICU_UDAT_STANDALONE_SHORT_WEEKDAYS    14
#define CICU_UDAT_STANDALONE_NARROW_WEEKDAYS   15
#define CICU_UDAT_STANDALONE_SHORTER_WEEKDAYS  21
#define CICU_UDAT_AM_PMS                       5

#define CICU_UBRK_CHARACTER                    0

#define CICU_UCOL_STRENGTH                     5
#define CICU_UCOL_NUMERIC_COLLATION            7
#define CICU_UCOL_PRIMARY                      0
#define CICU_UCOL_SECONDARY                    1
#define CICU_UCOL_TERTIARY                     2
#define CICU_UCOL_ON                           17
#define CICU_UCOL_OFF                          16

// MARK: errors, versions, properties

const char *cicu_u_errorName(int32_t code);
void cicu_u_getVersion(uint8_t info[4]);
int8_t cicu_u_hasBinaryProperty(int32_t c, int32_t which);
int32_t cicu_u_getIntPropertyValue(int32_t c, int32_t which);

// MARK: locales

int32_t cicu_uloc_forLanguageTag(const char *tag, char *id, int32_t cap, int32_t *parsed, int32_t *s);
int32_t cicu_uloc_toLanguageTag(const char *id, char *tag, int32_t cap, int8_t strict, int32_t *s);
int32_t cicu_uloc_canonicalize(const char *id, char *name, int32_t cap, int32_t *s);
int32_t cicu_uloc_getLanguage(const char *id, char *lang, int32_t cap, int32_t *s);
int8_t cicu_uloc_isRightToLeft(const char *id);
int32_t cicu_uloc_getParent(const char *id, char *parent, int32_t cap, int32_t *s);
int32_t cicu_uloc_getBaseName(const char *id, char *name, int32_t cap, int32_t *s);
int32_t cicu_uloc_addLikelySubtags(const char *id, char *out, int32_t cap, int32_t *s);
int32_t cicu_uloc_getScript(const char *id, char *out, int32_t cap, int32_t *s);
int32_t cicu_uloc_countAvailable(void);
const char *cicu_uloc_getAvailable(int32_t n);
int32_t cicu_uloc_getDisplayLanguage(const char *id, const char *display, uint16_t *out, int32_t cap, int32_t *s);
int32_t cicu_uloc_getDisplayName(const char *id, const char *display, uint16_t *out, int32_t cap, int32_t *s);
const char *const *cicu_uloc_getISOCountries(void);
const char *cicu_uloc_getISO3Language(const char *id);

// MARK: enumerations

void cicu_uenum_close(cicu_enumeration *e);
const char *cicu_uenum_next(cicu_enumeration *e, int32_t *len, int32_t *s);

// MARK: calendars and time zones

void cicu_ucal_setDefaultTimeZone(const uint16_t *zone, int32_t *s);
int32_t cicu_ucal_getCanonicalTimeZoneID(const uint16_t *id, int32_t len, uint16_t *buf, int32_t cap, int8_t *isSystemID,
                                         int32_t *s);
cicu_calendar *cicu_ucal_open(const uint16_t *zone, int32_t len, const char *locale, int32_t type, int32_t *s);
cicu_calendar *cicu_ucal_clone(const cicu_calendar *c, int32_t *s);
void cicu_ucal_close(cicu_calendar *c);
void cicu_ucal_clear(cicu_calendar *c);
void cicu_ucal_setDateTime(cicu_calendar *c, int32_t y, int32_t mo, int32_t d, int32_t h, int32_t mi, int32_t sec, int32_t *s);
void cicu_ucal_set(cicu_calendar *c, int32_t field, int32_t v);
int32_t cicu_ucal_get(const cicu_calendar *c, int32_t field, int32_t *s);
double cicu_ucal_getMillis(const cicu_calendar *c, int32_t *s);
void cicu_ucal_setMillis(cicu_calendar *c, double date, int32_t *s);
const char *cicu_ucal_getType(const cicu_calendar *c, int32_t *s);
int8_t cicu_ucal_getTimeZoneTransitionDate(const cicu_calendar *c, int32_t type, double *date, int32_t *s);

// MARK: plural rules

cicu_plural_rules *cicu_uplrules_openForType(const char *locale, int32_t type, int32_t *s);
void cicu_uplrules_close(cicu_plural_rules *r);
int32_t cicu_uplrules_select(const cicu_plural_rules *r, double n, uint16_t *kw, int32_t cap, int32_t *s);
int32_t cicu_uplrules_selectFormatted(const cicu_plural_rules *r, const cicu_formatted_number *n, uint16_t *kw, int32_t cap,
                                      int32_t *s);
int32_t cicu_uplrules_selectWithFormat(const cicu_plural_rules *r, double n, const cicu_number_format *f, uint16_t *kw,
                                       int32_t cap, int32_t *s);
cicu_enumeration *cicu_uplrules_getKeywords(const cicu_plural_rules *r, int32_t *s);

// MARK: numbers by skeleton (UNumberFormatter)

cicu_number_formatter *cicu_unumf_openForSkeletonAndLocaleWithError(const uint16_t *skeleton, int32_t len, const char *locale,
                                                                    cicu_parse_error *pe, int32_t *s);
void cicu_unumf_close(cicu_number_formatter *f);
cicu_formatted_number *cicu_unumf_openResult(int32_t *s);
void cicu_unumf_closeResult(cicu_formatted_number *r);
void cicu_unumf_formatInt(const cicu_number_formatter *f, int64_t v, cicu_formatted_number *r, int32_t *s);
void cicu_unumf_formatDouble(const cicu_number_formatter *f, double v, cicu_formatted_number *r, int32_t *s);
int32_t cicu_unumf_resultToString(const cicu_formatted_number *r, uint16_t *buf, int32_t cap, int32_t *s);

// MARK: classic number formats (NumberFormat: MF1 styles, DecimalFormat patterns, RBNF)

cicu_number_format *cicu_unum_open(int32_t style, const uint16_t *pattern, int32_t len, const char *locale,
                                   cicu_parse_error *pe, int32_t *s);
void cicu_unum_close(cicu_number_format *f);
void cicu_unum_applyPattern(cicu_number_format *f, int8_t localized, const uint16_t *p, int32_t len, cicu_parse_error *pe,
                            int32_t *s);
void cicu_unum_setAttribute(cicu_number_format *f, int32_t attribute, int32_t v);
void cicu_unum_setTextAttribute(cicu_number_format *f, int32_t attribute, const uint16_t *v, int32_t len, int32_t *s);
int32_t cicu_unum_getTextAttribute(const cicu_number_format *f, int32_t attribute, uint16_t *buf, int32_t cap, int32_t *s);
int32_t cicu_unum_getSymbol(const cicu_number_format *f, int32_t symbol, uint16_t *buf, int32_t cap, int32_t *s);
int32_t cicu_unum_toPattern(const cicu_number_format *f, int8_t localized, uint16_t *buf, int32_t cap, int32_t *s);
/// unum_formatInt64 without a field position.
int32_t cicu_unum_formatInt64(const cicu_number_format *f, int64_t v, uint16_t *buf, int32_t cap, int32_t *s);
/// unum_formatDouble without a field position.
int32_t cicu_unum_formatDouble(const cicu_number_format *f, double v, uint16_t *buf, int32_t cap, int32_t *s);

// MARK: lists

cicu_list_formatter *cicu_ulistfmt_openForType(const char *locale, int32_t type, int32_t width, int32_t *s);
void cicu_ulistfmt_close(cicu_list_formatter *f);
int32_t cicu_ulistfmt_format(const cicu_list_formatter *f, const uint16_t *const strings[], const int32_t *lengths,
                             int32_t count, uint16_t *buf, int32_t cap, int32_t *s);

// MARK: dates

cicu_date_format *cicu_udat_open(int32_t timeStyle, int32_t dateStyle, const char *locale, const uint16_t *tz, int32_t tzLen,
                                 const uint16_t *pattern, int32_t patternLen, int32_t *s);
void cicu_udat_close(cicu_date_format *f);
void cicu_udat_applyPattern(cicu_date_format *f, int8_t localized, const uint16_t *p, int32_t len);
/// udat_format without a field position.
int32_t cicu_udat_format(const cicu_date_format *f, double date, uint16_t *buf, int32_t cap, int32_t *s);
int32_t cicu_udat_toPattern(const cicu_date_format *f, int8_t localized, uint16_t *buf, int32_t cap, int32_t *s);
int32_t cicu_udat_getSymbols(const cicu_date_format *f, int32_t type, int32_t i, uint16_t *buf, int32_t cap, int32_t *s);
const cicu_calendar *cicu_udat_getCalendar(const cicu_date_format *f);
const cicu_number_format *cicu_udat_getNumberFormat(const cicu_date_format *f);
cicu_date_pattern_generator *cicu_udatpg_open(const char *locale, int32_t *s);
void cicu_udatpg_close(cicu_date_pattern_generator *g);
int32_t cicu_udatpg_getBestPattern(cicu_date_pattern_generator *g, const uint16_t *skeleton, int32_t len, uint16_t *buf,
                                   int32_t cap, int32_t *s);

// MARK: grapheme clusters

cicu_break_iterator *cicu_ubrk_open(int32_t type, const char *locale, const uint16_t *text, int32_t len, int32_t *s);
void cicu_ubrk_close(cicu_break_iterator *b);
void cicu_ubrk_setText(cicu_break_iterator *b, const uint16_t *text, int32_t len, int32_t *s);
int32_t cicu_ubrk_first(cicu_break_iterator *b);
int32_t cicu_ubrk_next(cicu_break_iterator *b);

// MARK: collation (the order Xcode sorts String Catalog keys in)

cicu_collator *cicu_ucol_open(const char *locale, int32_t *s);
void cicu_ucol_close(cicu_collator *c);
void cicu_ucol_setAttribute(cicu_collator *c, int32_t attribute, int32_t value, int32_t *s);
int32_t cicu_ucol_getSortKey(const cicu_collator *c, const uint16_t *text, int32_t len, uint8_t *key, int32_t cap);

// MARK: resource bundles (ICU's own data: plural rules by locale, read to derive fast paths)

cicu_resource_bundle *cicu_ures_openDirect(const char *path, const char *name, int32_t *s);
void cicu_ures_close(cicu_resource_bundle *r);
cicu_resource_bundle *cicu_ures_getByKey(const cicu_resource_bundle *r, const char *key, cicu_resource_bundle *fill,
                                         int32_t *s);
cicu_resource_bundle *cicu_ures_getByIndex(const cicu_resource_bundle *r, int32_t i, cicu_resource_bundle *fill, int32_t *s);
const uint16_t *cicu_ures_getStringByKey(const cicu_resource_bundle *r, const char *key, int32_t *len, int32_t *s);
const uint16_t *cicu_ures_getString(const cicu_resource_bundle *r, int32_t *len, int32_t *s);
int32_t cicu_ures_getSize(const cicu_resource_bundle *r);
const char *cicu_ures_getKey(const cicu_resource_bundle *r);

// MARK: scripts (the checker's script judgements)

int32_t cicu_uscript_getScript(int32_t c, int32_t *s);
const char *cicu_uscript_getShortName(int32_t code);

// MARK: MessageFormat (only the reference oracle of tests and benchmarks, ICUOracle, uses these)

cicu_message_format *cicu_umsg_open(const uint16_t *pattern, int32_t len, const char *locale, cicu_parse_error *pe,
                                    int32_t *s);
void cicu_umsg_close(cicu_message_format *f);
int32_t cicu_umsg_vformat(const cicu_message_format *f, uint16_t *buf, int32_t cap, va_list ap, int32_t *s);
/// Does nothing with a va_list; lets benchmarks measure what building one costs from Swift.
int32_t cicu_va_list_noop(va_list ap);

// MARK: number fields (MF2's formatted parts: integer, fraction, sign, …)

#define CICU_UNUM_INTEGER_FIELD                0
#define CICU_UNUM_FRACTION_FIELD               1
#define CICU_UNUM_DECIMAL_SEPARATOR_FIELD      2
#define CICU_UNUM_EXPONENT_SYMBOL_FIELD        3
#define CICU_UNUM_EXPONENT_SIGN_FIELD          4
#define CICU_UNUM_EXPONENT_FIELD               5
#define CICU_UNUM_GROUPING_SEPARATOR_FIELD     6
#define CICU_UNUM_CURRENCY_FIELD               7
#define CICU_UNUM_PERCENT_FIELD                8
#define CICU_UNUM_PERMILL_FIELD                9
#define CICU_UNUM_SIGN_FIELD                   10
#define CICU_UNUM_MEASURE_UNIT_FIELD           11
#define CICU_UNUM_COMPACT_FIELD                12

/// The fields of a formatted number (unumf_resultGetAllFieldPositions): up to `cap` fields with
/// their UTF-16 [begin, end) in `fields`, `begins`, `ends`; returns how many the number has.
int32_t cicu_unumf_resultGetFields(const cicu_formatted_number *r, int32_t *fields, int32_t *begins, int32_t *ends,
                                   int32_t cap, int32_t *s);

#endif
