/// The specifiers of a ``FormatString``, in order: a collection like an array of them, that holds
/// none or one in the value itself and only more than one in an array.
///
/// Most platform strings have one specifier or none, so most formats need no array of their own.
///
/// ```swift
/// let format = FormatString.parse("%lld items", dialect: .apple)
/// format.specifiers.count           // 1
/// format.specifiers[0].text         // "%lld"
/// format.specifiers.map(\.argument) // [1]
/// ```
public struct FormatSpecifiers: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline
    enum Storage: Hashable, Sendable {
        case none
        case one(FormatSpecifier)
        /// Two or more (never fewer: equal collections have equal storage).
        case many([FormatSpecifier])
    }

    // Inlinable (with the accessors): the checker reads specifiers in its loops, from another module.
    @usableFromInline
    var storage: Storage

    /// No specifiers.
    @inlinable
    public init() { storage = .none }

    /// `specifiers`, in order.
    @inlinable
    public init(_ specifiers: [FormatSpecifier]) {
        switch specifiers.count {
        case 0: storage = .none
        case 1: storage = .one(specifiers[0])
        default: storage = .many(specifiers)
        }
    }

    /// `specifiers`, in order, two or more copied into an array of their exact size (a reused
    /// buffer's capacity is not kept).
    public init(copying specifiers: [FormatSpecifier]) {
        switch specifiers.count {
        case 0: storage = .none
        case 1: storage = .one(specifiers[0])
        default:
            var copy: [FormatSpecifier] = []
            copy.reserveCapacity(specifiers.count)
            copy.append(contentsOf: specifiers)
            storage = .many(copy)
        }
    }

    public init<S: Sequence>(_ specifiers: S) where S.Element == FormatSpecifier { self.init(Array(specifiers)) }

    public init(arrayLiteral elements: FormatSpecifier...) { self.init(elements) }

    @inlinable
    public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let specifiers): specifiers.count
        }
    }

    @inlinable
    public subscript(position: Int) -> FormatSpecifier {
        switch storage {
        case .none: preconditionFailure("index out of range")
        case .one(let specifier):
            precondition(position == 0, "index out of range")
            return specifier
        case .many(let specifiers): return specifiers[position]
        }
    }

    /// The specifiers as an array.
    public var array: [FormatSpecifier] {
        switch storage {
        case .none: []
        case .one(let specifier): [specifier]
        case .many(let specifiers): specifiers
        }
    }

    /// Adds `specifier` at the end.
    public mutating func append(_ specifier: FormatSpecifier) {
        switch storage {
        case .none: storage = .one(specifier)
        case .one(let first): storage = .many([first, specifier])
        case .many(var specifiers):
            storage = .none
            specifiers.append(specifier)
            storage = .many(specifiers)
        }
    }

    public static func == (a: FormatSpecifiers, b: [FormatSpecifier]) -> Bool { a.elementsEqual(b) }
    public static func == (a: [FormatSpecifier], b: FormatSpecifiers) -> Bool { b.elementsEqual(a) }
}

/// The scalars of valid UTF-8 (a String's), decoded in one pass (`Array(text.unicodeScalars)`
/// counts them first).
func scalarArray(_ bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
    [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
        count = decodeScalars(bytes, into: buffer)
    }
}

/// Decodes valid UTF-8 into `buffer` (at least `bytes.count` long); returns the scalar count.
func decodeScalars(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<Unicode.Scalar>) -> Int {
        var i = 0
        var o = 0
        let n = bytes.count
        while i < n {
            let b = UInt32(bytes[i])
            var v: UInt32
            if b < 0x80 {
                v = b
                i += 1
            } else if b < 0xE0 {
                v = (b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                i += 2
            } else if b < 0xF0 {
                v = (b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                i += 3
            } else {
                v = (b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                i += 4
            }
            buffer.initializeElement(at: o, to: Unicode.Scalar(v) ?? "\u{FFFD}")
            o += 1
        }
        return o
}
