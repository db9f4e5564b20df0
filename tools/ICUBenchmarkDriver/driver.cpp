#include "ICUBenchmarkDriver.h"

#include <unicode/fieldpos.h>
#include <unicode/fmtable.h>
#include <unicode/msgfmt.h>
#include <unicode/ucal.h>
#include <unicode/umsg.h>
#include <unicode/unistr.h>
#include <unicode/uversion.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

#include <memory>
#include <vector>

namespace {

constexpr int32_t kMaxArguments = 8;
constexpr int32_t kOutputCapacity = 4096;

/// One argument as C varargs carry it: a double, or a pointer to NUL-terminated UTF-16.
struct VarArg {
    bool isPointer;
    double number;
    const UChar *pointer;
};

/// CPU time of the calling thread: what the work costs, not counting the time a shared machine
/// spends running other processes (the Swift side times itself with the same clock).
uint64_t now() {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return uint64_t(ts.tv_sec) * 1000000000u + uint64_t(ts.tv_nsec);
}

/// Calls umsg_format with exactly the C argument list a C caller would write for this message:
/// the template peels one argument at a time and instantiates every double/pointer sequence up to
/// kMaxArguments, so each call passes real varargs of the right types (a few predictable branches
/// pick the instantiation).
template <int Remaining, typename... Passed>
int32_t callUmsg(const UMessageFormat *format, UChar *out, int32_t capacity, UErrorCode *status, const VarArg *next,
                 int32_t left, Passed... passed) {
    if constexpr (Remaining == 0) {
        return umsg_format(format, out, capacity, status, passed...);
    } else {
        if (left == 0) return umsg_format(format, out, capacity, status, passed...);
        if (next->isPointer)
            return callUmsg<Remaining - 1>(format, out, capacity, status, next + 1, left - 1, passed..., next->pointer);
        return callUmsg<Remaining - 1>(format, out, capacity, status, next + 1, left - 1, passed..., next->number);
    }
}

}  // namespace

struct icub_message {
    UMessageFormat *umsg = nullptr;
    std::unique_ptr<icu::MessageFormat> cpp;
    int32_t count = 0;
    int32_t calls = 0;
    std::vector<VarArg> varArgs;                      // calls * count
    std::vector<std::vector<UChar>> strings;          // storage for the varargs' strings
    std::unique_ptr<icu::Formattable[]> formattables; // calls * count
    UChar output[kOutputCapacity];
    icu::UnicodeString result;
};

extern "C" icub_message *icub_open(const uint16_t *umsgPattern, int32_t umsgLength, const uint16_t *cppPattern,
                                   int32_t cppLength, const char *locale, char *error, int32_t errorCapacity) {
    auto message = std::make_unique<icub_message>();
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError;
    message->umsg = umsg_open(reinterpret_cast<const UChar *>(umsgPattern), umsgLength, locale, &parseError, &status);
    if (U_FAILURE(status)) {
        snprintf(error, errorCapacity, "umsg_open: %s at %d", u_errorName(status), parseError.offset);
        return nullptr;
    }
    icu::UnicodeString pattern(reinterpret_cast<const UChar *>(cppPattern), cppLength);
    message->cpp = std::make_unique<icu::MessageFormat>(pattern, icu::Locale(locale), parseError, status);
    if (U_FAILURE(status)) {
        snprintf(error, errorCapacity, "MessageFormat: %s at %d", u_errorName(status), parseError.offset);
        umsg_close(message->umsg);
        return nullptr;
    }
    return message.release();
}

extern "C" void icub_close(icub_message *message) {
    if (!message) return;
    umsg_close(message->umsg);
    delete message;
}

extern "C" int32_t icub_prepare(icub_message *message, const icub_value *values, int32_t count, int32_t calls) {
    if (count > kMaxArguments || count < 0 || calls < 0) return -1;
    message->count = count;
    message->calls = calls;
    message->varArgs.assign(size_t(count) * calls, VarArg{false, 0, nullptr});
    message->strings.clear();
    message->strings.reserve(size_t(count) * calls);
    message->formattables.reset(new icu::Formattable[size_t(count) * calls]);
    for (size_t i = 0; i < size_t(count) * calls; i++) {
        const icub_value &v = values[i];
        VarArg &arg = message->varArgs[i];
        icu::Formattable &f = message->formattables[i];
        switch (v.kind) {
        case ICUB_INT:
            arg.number = double(v.integer);
            f.setInt64(v.integer);
            break;
        case ICUB_DOUBLE:
            arg.number = v.number;
            f.setDouble(v.number);
            break;
        case ICUB_DATE:
            arg.number = v.number;
            f.setDate(v.number);
            break;
        case ICUB_STRING: {
            std::vector<UChar> units(reinterpret_cast<const UChar *>(v.string),
                                     reinterpret_cast<const UChar *>(v.string) + v.length);
            units.push_back(0);
            message->strings.push_back(std::move(units));
            arg.isPointer = true;
            arg.pointer = message->strings.back().data();
            f.setString(icu::UnicodeString(reinterpret_cast<const UChar *>(v.string), v.length));
            break;
        }
        default:
            return -1;
        }
    }
    return 0;
}

static inline int32_t formatUmsg(icub_message *message, int32_t call, UChar *out, int32_t capacity, UErrorCode *status) {
    const VarArg *args = message->varArgs.data() + size_t(call) * message->count;
    return callUmsg<kMaxArguments>(message->umsg, out, capacity, status, args, message->count);
}

static inline void formatCpp(icub_message *message, int32_t call, UErrorCode &status) {
    static icu::FieldPosition ignore(icu::FieldPosition::DONT_CARE);
    message->result.remove();
    message->cpp->format(message->formattables.get() + size_t(call) * message->count, message->count, message->result,
                         ignore, status);
}

extern "C" int32_t icub_format_umsg(icub_message *message, int32_t call, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = formatUmsg(message, call, reinterpret_cast<UChar *>(out), capacity, &status);
    return U_FAILURE(status) ? -int32_t(status) : length;
}

extern "C" int32_t icub_format_cpp(icub_message *message, int32_t call, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    formatCpp(message, call, status);
    if (U_FAILURE(status)) return -int32_t(status);
    int32_t length = message->result.length();
    if (length > capacity) return -int32_t(U_BUFFER_OVERFLOW_ERROR);
    message->result.extract(0, length, reinterpret_cast<UChar *>(out));
    return length;
}

extern "C" uint64_t icub_time_umsg(icub_message *message, int32_t first, int32_t n, int64_t *sink) {
    int64_t total = 0;
    uint64_t start = now();
    for (int32_t call = first; call < first + n; call++) {
        UErrorCode status = U_ZERO_ERROR;
        total += formatUmsg(message, call, message->output, kOutputCapacity, &status);
    }
    uint64_t elapsed = now() - start;
    *sink += total;
    return elapsed;
}

extern "C" uint64_t icub_time_cpp(icub_message *message, int32_t first, int32_t n, int64_t *sink) {
    int64_t total = 0;
    uint64_t start = now();
    for (int32_t call = first; call < first + n; call++) {
        UErrorCode status = U_ZERO_ERROR;
        formatCpp(message, call, status);
        total += message->result.length();
    }
    uint64_t elapsed = now() - start;
    *sink += total;
    return elapsed;
}

extern "C" uint64_t icub_time_sequence(icub_message *const *messages, const int32_t *calls, int32_t n, int32_t rounds,
                                       int32_t cpp, int64_t *sink) {
    int64_t total = 0;
    uint64_t start = now();
    for (int32_t r = 0; r < rounds; r++) {
        for (int32_t k = 0; k < n; k++) {
            icub_message *message = messages[k];
            UErrorCode status = U_ZERO_ERROR;
            if (cpp) {
                formatCpp(message, calls[k], status);
                total += message->result.length();
            } else {
                total += formatUmsg(message, calls[k], message->output, kOutputCapacity, &status);
            }
        }
    }
    uint64_t elapsed = now() - start;
    *sink += total;
    return elapsed;
}

extern "C" void icub_set_default_time_zone(const uint16_t *id, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    std::vector<UChar> units(reinterpret_cast<const UChar *>(id), reinterpret_cast<const UChar *>(id) + length);
    units.push_back(0);
    ucal_setDefaultTimeZone(units.data(), &status);
}

extern "C" const char *icub_icu_version(void) { return U_ICU_VERSION; }
