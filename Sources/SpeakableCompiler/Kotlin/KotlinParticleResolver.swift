/// The Korean particle resolver that generated Kotlin accessors carry when a translation writes a
/// particle after a value only known at run time (`{piece}을(를)`, `{n}이(가)`): the Kotlin
/// counterpart of ``SwiftParticleResolver``, with the same rules and the same results.
///
/// The accessors are compiled into the Android app without ICU or Speakable, so this is plain
/// Kotlin over the Kotlin standard library and `java.lang` (`Character`, `StringBuilder`,
/// `Math`) — no Android API, no ICU — and compiles without warnings with Kotlin 1.3 and with
/// current Kotlin (no trailing commas, no `lowercase()`, no `Char.code`, no `Char.toInt()`:
/// characters are read as code points, ASCII letters folded with `or 0x20`). The rules are those
/// of `SpeakableParticles` (``KoreanParticles``): Hangul as written, Latin words by their sound
/// (iPhone 아이폰, acronyms letter by letter), `%` 퍼센트, numbers read as ICU's Korean spellout
/// reads them (the last syllable of the Sino-Korean reading, computed from the digits). A string
/// argument followed by notation is passed through `marked(value)`, which wraps it in U+FDD0 …
/// U+FDD1; `particles(text)` then resolves the notation after each marked value from the text
/// between the markers (an empty value drops it) and after a number printed right before
/// notation, and removes every marker. Text is read by code points, so a supplementary
/// character (an emoji in a value) is one character, as a Swift scalar is.
///
/// Where the platforms differ: whether a character other than ASCII and Hangul is spoken is
/// `Character.isAlphabetic` or a number category (Nd, Nl, No) in the device's Java character
/// data, where Swift asks its own Unicode data for Alphabetic or a numeric type. On the same
/// Unicode data the two tests pick the same code points; a device whose Unicode version is older
/// or newer than the Swift toolchain's differs on the characters added or changed in between.
///
/// Tests compile this source with `kotlinc` and compare it with `SpeakableParticles` on the
/// shared josa cases and with ICU's spellout on numbers.
enum KotlinParticleResolver {
    /// Kotlin member declarations, indented by 8 spaces, to be placed inside a generated
    /// `private object Runtime { … }` that is itself inside the generated `object GameStrings { … }`.
    static let source = #"""
            /** A string argument that a Korean particle follows in some translation. */
            fun marked(value: String): String = MARKER_OPEN + value + MARKER_CLOSE

            /** Noncharacters (U+FDD0, U+FDD1) around a marked value; no text contains them. */
            private const val MARKER_OPEN = "\uFDD0"
            private const val MARKER_CLOSE = "\uFDD1"

            /**
             * Resolves Korean particle notation (을(를), 이(가), 은(는), 과(와), 아(야), (으)로, (이)나,
             * (이)에요…) after each marked value and each number, from how the value ends when
             * spoken; removes the markers.
             */
            fun particles(text: String): String {
                if (text.indexOf(MARKER_OPEN) < 0 && text.indexOf('(') < 0) return text
                val out = StringBuilder(text.length)
                // Where each open marked value starts in out (UTF-16 index).
                val starts = ArrayList<Int>()
                var i = 0
                while (i < text.length) {
                    val c = Character.codePointAt(text, i)
                    if (c == 0xFDD0) {
                        starts.add(out.length)
                        i += 1
                        continue
                    }
                    if (c == 0xFDD1) {
                        i += 1
                        val start = if (starts.isEmpty()) out.length else starts.removeAt(starts.size - 1)
                        val particle = particle(text, i)
                        if (particle != null) {
                            val sound = finalSound(out, start)
                            if (sound != null) out.append(particle.form(sound))
                            i += particle.length
                        }
                        continue
                    }
                    if (out.length > 0 && out[out.length - 1] in '0'..'9' && starts.isEmpty()) {
                        val particle = particle(text, i)
                        val sound = if (particle != null) finalSound(out, 0) else null
                        if (particle != null && sound != null) {
                            out.append(particle.form(sound))
                            i += particle.length
                            continue
                        }
                    }
                    out.appendCodePoint(c)
                    i += Character.charCount(c)
                }
                return out.toString()
            }

            /** Sound 0: ends in a vowel; 1: in ㄹ; 2: in another consonant. */
            private class Particle(val consonant: String, val vowel: String, val rieulTakesVowel: Boolean, val length: Int) {
                fun form(sound: Int): String = if (sound == 0 || (sound == 1 && rieulTakesVowel)) vowel else consonant
            }

            /** Each two-form particle: its form after a consonant, then after a vowel. */
            private const val PAIRS = "이가을를은는과와아야"

            /**
             * The notation at UTF-16 index i of s, or null. Notation is all in the Basic Multilingual
             * Plane, so its length in UTF-16 units is its length in code points.
             */
            private fun particle(s: String, i: Int): Particle? {
                val n = Math.min(s.length - i, 5)
                if (n < 3) return null
                if (s[i] == '(') {
                    if ((s[i + 1] != '으' && s[i + 1] != '이') || s[i + 2] != ')') return null
                    if (s[i + 1] == '으') return Particle("으", "", true, 3)
                    if (n == 5 && s[i + 3] == '에' && s[i + 4] == '요') return Particle("이에요", "예요", false, 5)
                    if (n >= 4 && s[i + 3] == '었') return Particle("이었", "였", false, 4)
                    return Particle("이", "", false, 3)
                }
                if (n < 4 || s[i + 1] != '(' || s[i + 3] != ')') return null
                var k = 0
                while (k < PAIRS.length) {
                    val consonant = PAIRS[k]
                    val vowel = PAIRS[k + 1]
                    if ((s[i] == consonant && s[i + 2] == vowel) || (s[i] == vowel && s[i + 2] == consonant)) {
                        return Particle(consonant.toString(), vowel.toString(), false, 4)
                    }
                    k += 2
                }
                return null
            }

            private fun isAsciiDigit(cp: Int): Boolean = cp in 0x30..0x39

            private fun isAsciiLetter(cp: Int): Boolean = (cp or 0x20) in 0x61..0x7A

            /**
             * Letters and digits are spoken; punctuation, spaces and symbols are not. Beyond ASCII and
             * Hangul: Alphabetic, or a number (Nd, Nl, No), as Java's character data has them.
             */
            private fun isSpoken(cp: Int): Boolean {
                if (cp < 0x80) return isAsciiDigit(cp) || isAsciiLetter(cp)
                if (cp in 0xAC00..0xD7A3) return true
                if (Character.isAlphabetic(cp)) return true
                val type = Character.getType(cp)
                return type == Character.DECIMAL_DIGIT_NUMBER.toInt() || type == Character.LETTER_NUMBER.toInt() ||
                    type == Character.OTHER_NUMBER.toInt()
            }

            /** How text ends when spoken, from UTF-16 index start to its end; null when that is empty. */
            private fun finalSound(text: CharSequence, start: Int): Int? {
                var any = false
                var last = -1
                // The number being read: ASCII digits, "," grouping, one ".".
                val number = StringBuilder()
                // A "," or "." that belongs to the number if a digit follows; -1 for none.
                var pending = -1
                // Something not part of a number came after it.
                var closed = false
                // The run of ASCII letters the last letter belongs to.
                val word = StringBuilder()
                var inWord = false
                // The number's part of a clock time: 1 hours, 2 minutes, 3 seconds; 0 none.
                var clock = 0
                // A ":" after an hour or minutes, that digits continue.
                var afterColon = false
                // The number follows a Latin letter with nothing between (MP3).
                var afterLetter = false
                var i = start
                while (i < text.length) {
                    val scalar = Character.codePointAt(text, i)
                    i += Character.charCount(scalar)
                    any = true
                    // Full-width digits (３) are digits.
                    val s = if (scalar in 0xFF10..0xFF19) scalar - 0xFF10 + 0x30 else scalar
                    if (isAsciiDigit(s)) {
                        if (afterColon) {
                            number.setLength(0)
                            clock += 1
                            afterLetter = false
                        } else if (closed || number.length == 0) {
                            number.setLength(0)
                            clock = 0
                            afterLetter = inWord
                        }
                        closed = false
                        afterColon = false
                        if (pending >= 0) number.appendCodePoint(pending)
                        pending = -1
                        number.appendCodePoint(s)
                        last = s
                        inWord = false
                    } else if (s == 0x3A && !closed && pending < 0 && !afterColon && isClockPart(number, clock)) {
                        afterColon = true
                        if (clock == 0) clock = 1
                        inWord = false
                    } else if ((s == 0x2C || (s == 0x2E && number.indexOf(".") < 0)) && number.length > 0 && !closed && pending < 0 && !afterColon) {
                        pending = s
                        inWord = false
                    } else {
                        pending = -1
                        afterColon = false
                        if (isAsciiLetter(s)) {
                            if (!inWord) word.setLength(0)
                            word.appendCodePoint(s)
                            inWord = true
                        } else {
                            inWord = false
                        }
                        if (isSpoken(s) || symbolSound(s) != null) {
                            last = s
                            number.setLength(0)
                            closed = false
                        } else {
                            closed = true
                        }
                    }
                }
                if (!any) return null
                if (last < 0) return 0
                if (isAsciiDigit(last)) {
                    // A clock's minutes: 9:05 오 분, 9:00 아홉 시; its seconds: 초.
                    if (clock >= 2 && number.length == 2 && isClockPart(number, 2)) {
                        return if (clock == 2 && !(number[0] == '0' && number[1] == '0')) 2 else 0
                    }
                    if (afterLetter && number.length == 1) return ENGLISH_DIGIT_SOUNDS[number[0] - '0']
                    return numberSound(number)
                }
                if (isAsciiLetter(last)) return latinWordSound(word)
                val circled = circledNumber(last)
                if (circled >= 0) return numberSound(circled.toString())
                return symbolSound(last) ?: letterSound(last)
            }

            /** Whether a clock's ":" can follow the number: an hour (one or two digits) or minutes (two). */
            private fun isClockPart(number: CharSequence, clock: Int): Boolean {
                for (k in 0 until number.length) if (number[k] !in '0'..'9') return false
                return (clock == 0 && (number.length == 1 || number.length == 2)) || (clock == 2 && number.length == 2)
            }

            /** One digit read in English, as after Latin letters (MP3 엠피쓰리): zero one two … nine. */
            private val ENGLISH_DIGIT_SOUNDS = intArrayOf(0, 2, 0, 0, 0, 0, 0, 2, 0, 2)

            /** The number of a circled, parenthesized or dotted number sign (① 1, ㊿ 50, ⑴ 1, ⒈ 1); -1 for any other. */
            private fun circledNumber(cp: Int): Int = when (cp) {
                in 0x2460..0x2473 -> cp - 0x2460 + 1
                in 0x2474..0x2487 -> cp - 0x2474 + 1
                in 0x2488..0x249B -> cp - 0x2488 + 1
                0x24EA, 0x24FF -> 0
                in 0x24EB..0x24F4 -> cp - 0x24EB + 11
                in 0x24F5..0x24FE -> cp - 0x24F5 + 1
                in 0x2776..0x277F -> cp - 0x2776 + 1
                in 0x2780..0x2789 -> cp - 0x2780 + 1
                in 0x278A..0x2793 -> cp - 0x278A + 1
                in 0x3251..0x325F -> cp - 0x3251 + 21
                in 0x32B1..0x32BF -> cp - 0x32B1 + 36
                else -> -1
            }

            private fun letterSound(last: Int): Int {
                if (last in 0xAC00..0xD7A3) {
                    val jongseong = (last - 0xAC00) % 28
                    return if (jongseong == 0) 0 else if (jongseong == 8) 1 else 2
                }
                if (last in 0x3131..0x314E) return if (last == 0x3139) 1 else 2
                if (last in 0x314F..0x3163) return 0
                return when (last) {
                    0x4C, 0x6C, 0x52, 0x72 -> 1   // L l R r: 엘, 알
                    0x4D, 0x6D, 0x4E, 0x6E -> 2   // M m N n: 엠, 엔
                    else -> 0
                }
            }

            /** Symbols said as a word: % 퍼센트, ‰ 퍼밀, ° ℃ ℉ 도; null for any other. */
            private fun symbolSound(cp: Int): Int? = when (cp) {
                0x25, 0xFF05, 0xFE6A, 0xB0, 0x2103, 0x2109 -> 0
                0x2030 -> 1
                else -> null
            }

            /**
             * A word in ASCII letters by its sound as Korean writes loanwords (iPhone 아이폰, Google
             * 구글, App 앱, Web 웹, Deep 딥, Type 타입, Sheet 시트; the name Park 박); acronyms letter by
             * letter (URL 유알엘).
             */
            private fun latinWordSound(letters: CharSequence): Int {
                val n = letters.length
                if (n == 0) return 0
                var allUpper = true
                val lower = StringBuilder(n)
                for (k in 0 until n) {
                    val cp = Character.codePointAt(letters, k)
                    val upper = cp in 0x41..0x5A
                    if (!upper) allUpper = false
                    lower.appendCodePoint(if (upper) cp or 0x20 else cp)
                }
                var hasVowel = false
                for (k in 0 until n) if (isVowel(lower, k)) hasVowel = true
                if (n == 1 || (allUpper && (n <= 3 || !hasVowel))) return letterSound(Character.codePointAt(letters, n - 1))
                val c = lower
                if (n == 4 && letters[0] == 'P' && c[1] == 'a' && letters[2] == 'r' && letters[3] == 'k') return 2
                if (n >= 3 && c[n - 1] == 'k' && ((c[n - 3] == 'a' && c[n - 2] == 'e') || (c[n - 3] == 'e' && c[n - 2] == 'o'))) return 2
                if (n >= 4 && c[n - 4] == 't' && c[n - 3] == 'y' && c[n - 2] == 'p' && c[n - 1] == 'e') return 2
                if (n >= 3 && c[n - 1] == 'e' && !isVowel(c, n - 2) && c[n - 2] != 'y') {
                    return when (c[n - 2]) {
                        'l' -> 1
                        'm', 'n' -> 2
                        else -> 0
                    }
                }
                return when (c[n - 1]) {
                    'm', 'n' -> 2
                    'l' -> 1
                    'g' -> if (c[n - 2] == 'n') 2 else 0
                    'k' -> if (c[n - 2] == 'c' || shortVowelBefore(c, n - 1)) 2 else 0
                    'p' -> if ((n >= 3 && c[n - 3] == 'e' && (c[n - 2] == 'e' || c[n - 2] == 'a')) || shortVowelBefore(c, n - 1)) 2 else 0
                    'c', 't' -> if (shortVowelBefore(c, n - 1)) 2 else 0
                    'b' -> if (c[n - 2] == 'm') 2 else if (n >= 3 && c[n - 3] == 'h' && c[n - 2] == 'u') 0 else if (shortVowelBefore(c, n - 1)) 2 else 0
                    else -> 0
                }
            }

            /** Whether index i of the lowercase letters c is in range and a, e, i, o or u. */
            private fun isVowel(c: CharSequence, i: Int): Boolean = i >= 0 && i < c.length && "aeiou".indexOf(c[i]) >= 0

            /** One short vowel right before index i (a doubled consonant counts once: App, Matt; -ook: book 북). */
            private fun shortVowelBefore(c: CharSequence, i: Int): Boolean {
                var j = i - 1
                if (j >= 0 && c[j] == c[i]) j -= 1
                if (!isVowel(c, j)) return false
                if (j >= 1 && c[j] == 'o' && c[j - 1] == 'o' && c[i] == 'k') return true
                return !isVowel(c, j - 1)
            }

            /** Sounds of the digits read alone: 영 일 이 삼 사 오 육 칠 팔 구. */
            private val DIGIT_SOUNDS = intArrayOf(2, 1, 0, 2, 0, 0, 2, 1, 1, 0)

            /** Sounds of the units of four zeros each: 만 억 조 경 해. */
            private val UNIT_SOUNDS = intArrayOf(2, 2, 0, 2, 0)

            /**
             * The last syllable of a number's Sino-Korean reading: a fraction ends in its last
             * digit, zeros too (일점오, 이점영영); a whole number in its last digit, or in the unit of
             * its trailing zeros (십, 백, 천, 만, 억, 조, 경).
             */
            private fun numberSound(written: CharSequence): Int {
                val text = StringBuilder(written.length)
                for (k in 0 until written.length) if (written[k] != ',') text.append(written[k])
                val point = text.indexOf(".")
                val wholeEnd = if (point < 0) text.length else point
                if (point >= 0 && point < text.length - 1) return DIGIT_SOUNDS[text[text.length - 1] - '0']
                var lastNonZero = wholeEnd - 1
                while (lastNonZero >= 0 && text[lastNonZero] == '0') lastNonZero -= 1
                if (lastNonZero < 0) return 2   // 영
                val zeros = wholeEnd - 1 - lastNonZero
                if (zeros == 0) return DIGIT_SOUNDS[text[lastNonZero] - '0']
                if (zeros % 4 != 0) return 2   // 십, 백, 천
                return UNIT_SOUNDS[Math.min(zeros / 4, UNIT_SOUNDS.size) - 1]
            }
    """#
}
