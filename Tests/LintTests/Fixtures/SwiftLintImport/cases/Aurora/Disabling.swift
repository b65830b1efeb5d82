// swiftlint:disable force_cast
// swiftlint:disable:next force_try
let name = "swiftlint:disable force_cast"
/* swiftlint:disable
   all of it */
let x = 1 // swiftlint:disable
