let count = (user?.friends)!.count
let name = user!.name
