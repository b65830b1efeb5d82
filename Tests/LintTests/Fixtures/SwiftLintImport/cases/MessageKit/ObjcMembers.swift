@objcMembers class A: NSObject {}
// @objcMembers is banned
