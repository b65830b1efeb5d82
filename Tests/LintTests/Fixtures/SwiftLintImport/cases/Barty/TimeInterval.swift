let timeout: TimeInterval = 30
let pause: DispatchTimeInterval = 0.5
let zero: TimeInterval = 0
