// androidx.compose.ui.text.intl.Locale as the generated Compose accessors use it: `Locale.current`,
// its `language` and `region`. `current` is settable here: the harness sets it to each case's locale.
package androidx.compose.ui.text.intl

class Locale(val languageTag: String) {
    private val subtags = languageTag.split('-', '_')

    /** The language subtag as written in the tag ("he", not Java's "iw"). */
    val language: String get() = subtags[0].toLowerCase()

    /** The four-letter script subtag, or "". */
    val script: String get() = subtags.drop(1).firstOrNull { it.length == 4 } ?: ""

    /** The two-letter (or three-digit) region subtag, or "". */
    val region: String get() = subtags.drop(1).firstOrNull { it.length == 2 || (it.length == 3 && it.all { c -> c in '0'..'9' }) }?.toUpperCase() ?: ""

    fun toLanguageTag(): String = languageTag

    override fun toString(): String = languageTag

    companion object {
        @JvmStatic
        var current: Locale = Locale("en")
    }
}
