/// The self-contained web page (stub).
public enum PreviewPage {
    public static func html(_ preview: Preview, audio: AudioIndex?, audioDirectory: String?) -> String { "" }
}
