import Foundation

/// Per-file values that the layers above the model build on first use and share between rules
/// (the team rules' index of a file), keyed by type, so the model needs to know nothing of them.
/// The rules of one file run on one thread; the lock only keeps a shared file safe.
public final class FileScratch: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: Any] = [:]
    private var objects: [ObjectIdentifier: AnyObject] = [:]
    /// The first object made, read without a hash: a file has one its rules ask for again and
    /// again (the team rules' index, once per team rule).
    private var firstObject: (type: ObjectIdentifier, value: AnyObject)?

    public init() {}

    public func value<Value>(_ type: Value.Type, make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[ObjectIdentifier(type)] as? Value { return value }
        let value = make()
        values[ObjectIdentifier(type)] = value
        return value
    }

    /// The same for a class, read back without a dynamic cast (team rules ask once per rule and file).
    public func object<Value: AnyObject>(_ type: Value.Type, make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        let key = ObjectIdentifier(type)
        if let firstObject, firstObject.type == key { return unsafeDowncast(firstObject.value, to: Value.self) }
        if let value = objects[key] { return unsafeDowncast(value, to: Value.self) }
        let value = make()
        if firstObject == nil { firstObject = (key, value) } else { objects[key] = value }
        return value
    }
}
