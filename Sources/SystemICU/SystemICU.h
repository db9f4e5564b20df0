// The system ICU as pkg-config (`icu-i18n`) finds it. No Swift module imports this one: it exists so
// that SwiftPM passes pkg-config's flags to CICU, whose cicu.c includes ICU's headers and whose
// clients link ICU (see Package.swift).
#include <unicode/utypes.h>
