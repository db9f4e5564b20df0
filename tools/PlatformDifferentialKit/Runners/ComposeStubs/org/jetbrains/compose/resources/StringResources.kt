// The part of Compose Multiplatform's resources library (org.jetbrains.compose.resources,
// components-resources) that Speakable's generated Compose accessors call, for the platform
// differential (tools/PlatformDifferentialKit): the accessors are compiled against these
// declarations only, so a call to anything else fails to compile. What they do is a model of
// Compose's documented behaviour (commonMain StringResources.kt, PluralStringResources.kt,
// StringResourcesUtils.kt):
//   getString(r) / stringResource(r)            = the string of the folder Compose picks for Locale.current
//   getString(r, args…) / stringResource(r, …)  = the same, every %N$s and %N$d (regex %(\d+)\$[ds])
//                                                 replaced by args[N-1].toString(), nothing else
//   getPluralString(r, n) / pluralStringResource = the item of the locale's CLDR category for n, else "other"
// The strings themselves come from the runner (ComposeRunner.java), which reads the compiled
// composeResources/ as Compose's Gradle plugin does and picks the folder as its run time does.
// Composables are plain functions here (no Compose compiler plugin): they return at once.
package org.jetbrains.compose.resources

import androidx.compose.runtime.Composable

/** A string resource: `Res.string.<name>` (Compose's has an id and items; the key is what is read). */
class StringResource(val key: String)

/** A quantity string resource: `Res.plurals.<name>`. */
class PluralStringResource(val key: String)

/** Where the strings come from: set by the harness. */
interface StubResourceReader {
    /** The string `key` of the folder Compose would pick now. */
    fun string(key: String): String

    /** The item of `key` for `quantity` (the locale's plural category, else `other`). */
    fun plural(key: String, quantity: Int): String
}

object StubResources {
    @JvmStatic
    var reader: StubResourceReader? = null

    /** How many times a composable read a resource (the harness checks that both kinds were called). */
    @JvmStatic
    var composableReads: Int = 0
}

private val SimpleStringFormatRegex = Regex("""%(\d+)\$[ds]""")

internal fun String.replaceWithArgs(args: List<String>) = SimpleStringFormatRegex.replace(this) { matchResult ->
    args[matchResult.groupValues[1].toInt() - 1]
}

private fun reader(): StubResourceReader = StubResources.reader ?: throw IllegalStateException("no resources")

suspend fun getString(resource: StringResource): String = reader().string(resource.key)

suspend fun getString(resource: StringResource, vararg formatArgs: Any): String =
    reader().string(resource.key).replaceWithArgs(formatArgs.map { it.toString() })

suspend fun getPluralString(resource: PluralStringResource, quantity: Int): String = reader().plural(resource.key, quantity)

suspend fun getPluralString(resource: PluralStringResource, quantity: Int, vararg formatArgs: Any): String =
    reader().plural(resource.key, quantity).replaceWithArgs(formatArgs.map { it.toString() })

@Composable
fun stringResource(resource: StringResource): String {
    StubResources.composableReads += 1
    return reader().string(resource.key)
}

@Composable
fun stringResource(resource: StringResource, vararg formatArgs: Any): String {
    StubResources.composableReads += 1
    return reader().string(resource.key).replaceWithArgs(formatArgs.map { it.toString() })
}

@Composable
fun pluralStringResource(resource: PluralStringResource, quantity: Int): String {
    StubResources.composableReads += 1
    return reader().plural(resource.key, quantity)
}

@Composable
fun pluralStringResource(resource: PluralStringResource, quantity: Int, vararg formatArgs: Any): String {
    StubResources.composableReads += 1
    return reader().plural(resource.key, quantity).replaceWithArgs(formatArgs.map { it.toString() })
}
