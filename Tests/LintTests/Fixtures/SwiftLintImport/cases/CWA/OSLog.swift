os_log("started")
my_os_log("x")
import os.log
let type: OSLogType = .info
