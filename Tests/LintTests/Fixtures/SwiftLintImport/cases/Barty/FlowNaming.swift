let loginFlowController = LoginFlow()
var fc = makeFlow()
let flow = makeFlow()
