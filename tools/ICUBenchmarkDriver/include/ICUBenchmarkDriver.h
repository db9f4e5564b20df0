// ICU's MessageFormat driven from C++, for the formatter benchmark: the reference Speakable is
// measured against, called the way a C or C++ program calls it — `umsg_format` with real C
// varargs and `icu::MessageFormat::format` with an array of `Formattable`s — with the timing loop
// itself in C++, so no Swift overhead is charged to ICU.
//
// The header is plain C with no ICU types (UTF-16 is `uint16_t`), so Swift imports it directly.
#ifndef SPEAKABLE_ICU_BENCHMARK_DRIVER_H
#define SPEAKABLE_ICU_BENCHMARK_DRIVER_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What an argument holds, and so how each API is given it.
/// umsg (C varargs): numbers and dates as `double` (what `number`, `plural`, `spellout`, `date`…
/// read), strings as NUL-terminated `UChar *`. C++: `Formattable(int64_t)`, `Formattable(double)`,
/// `Formattable(UnicodeString)`, `Formattable(UDate, kIsDate)`.
enum {
    ICUB_INT = 0,
    ICUB_DOUBLE = 1,
    ICUB_STRING = 2,
    ICUB_DATE = 3,
};

typedef struct {
    int32_t kind;
    int32_t length;          // UTF-16 length of `string`
    int64_t integer;         // ICUB_INT
    double number;           // ICUB_DOUBLE, ICUB_DATE (milliseconds since 1970)
    const uint16_t *string;  // ICUB_STRING (copied by icub_prepare)
} icub_value;

typedef struct icub_message icub_message;

/// Opens both formatters: `umsgPattern` for `umsg_open` (numbered arguments; numbers in untyped
/// arguments written `{0,number}`, since varargs cannot say "a number" otherwise) and `cppPattern`
/// for `icu::MessageFormat` (numbered arguments, untyped ones left untyped). Returns NULL and
/// writes ICU's error name into `error` when either fails.
icub_message *icub_open(const uint16_t *umsgPattern, int32_t umsgLength, const uint16_t *cppPattern, int32_t cppLength,
                        const char *locale, char *error, int32_t errorCapacity);
void icub_close(icub_message *message);

/// Stores `calls` argument sets of `count` values each (`values[call * count + i]`), converted to
/// each API's own form once, outside the timed loops (as Speakable's are). Returns 0, or -1 when
/// `count` exceeds what the driver supports (8).
int32_t icub_prepare(icub_message *message, const icub_value *values, int32_t count, int32_t calls);

/// Formats argument set `call` with `umsg_format` / `MessageFormat::format` into `out`; returns
/// the UTF-16 length, or -(UErrorCode) on failure.
int32_t icub_format_umsg(icub_message *message, int32_t call, uint16_t *out, int32_t capacity);
int32_t icub_format_cpp(icub_message *message, int32_t call, uint16_t *out, int32_t capacity);

/// Formats argument sets `first ..< first + n`, each once, and returns the elapsed nanoseconds
/// of the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID). The output lengths are summed into `*sink`.
/// umsg writes into one reusable UTF-16 buffer; C++ appends to one reusable UnicodeString
/// (cleared with `remove()`, which keeps its capacity) — each API's allocation-free way.
uint64_t icub_time_umsg(icub_message *message, int32_t first, int32_t n, int64_t *sink);
uint64_t icub_time_cpp(icub_message *message, int32_t first, int32_t n, int64_t *sink);

/// Formats a sequence of (message, argument set) pairs `rounds` times over — the calls one job of
/// a describer makes, in order — with `umsg_format` (`cpp` 0) or `MessageFormat::format` (`cpp`
/// 1), and returns the elapsed nanoseconds.
uint64_t icub_time_sequence(icub_message *const *messages, const int32_t *calls, int32_t n, int32_t rounds, int32_t cpp,
                            int64_t *sink);

/// Sets ICU's default time zone (what both APIs format dates in).
void icub_set_default_time_zone(const uint16_t *id, int32_t length);

/// "72.1"
const char *icub_icu_version(void);

#ifdef __cplusplus
}
#endif

#endif
