extension String {
    /// The string of `scalars`, encoded as UTF-8 in one pass: appending to a
    /// `String.UnicodeScalarView` one scalar at a time measured several times slower, and this is
    /// made for every string a catalog holds.
    init<C: Collection>(scalars: C) where C.Element == Unicode.Scalar {
        if scalars.isEmpty {
            self = ""
            return
        }
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scalars.count * 4) { buffer in
            var o = 0
            for scalar in scalars {
                let v = scalar.value
                if v < 0x80 {
                    buffer[o] = UInt8(v)
                    o += 1
                } else if v < 0x800 {
                    buffer[o] = UInt8(0xC0 | (v >> 6))
                    buffer[o + 1] = UInt8(0x80 | (v & 0x3F))
                    o += 2
                } else if v < 0x10000 {
                    buffer[o] = UInt8(0xE0 | (v >> 12))
                    buffer[o + 1] = UInt8(0x80 | ((v >> 6) & 0x3F))
                    buffer[o + 2] = UInt8(0x80 | (v & 0x3F))
                    o += 3
                } else {
                    buffer[o] = UInt8(0xF0 | (v >> 18))
                    buffer[o + 1] = UInt8(0x80 | ((v >> 12) & 0x3F))
                    buffer[o + 2] = UInt8(0x80 | ((v >> 6) & 0x3F))
                    buffer[o + 3] = UInt8(0x80 | (v & 0x3F))
                    o += 4
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<o]), as: UTF8.self)
        }
    }
}
