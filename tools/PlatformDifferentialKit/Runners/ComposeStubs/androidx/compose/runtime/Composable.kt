// androidx.compose.runtime.Composable as the generated Compose accessors use it (an annotation;
// without the Compose compiler plugin a @Composable function is a plain function).
package androidx.compose.runtime

@MustBeDocumented
@Retention(AnnotationRetention.BINARY)
@Target(AnnotationTarget.FUNCTION, AnnotationTarget.TYPE, AnnotationTarget.TYPE_PARAMETER, AnnotationTarget.PROPERTY_GETTER)
annotation class Composable
