let a = <#value#>
let b = <#two words#>
let c = <#x#> + <#y#>
