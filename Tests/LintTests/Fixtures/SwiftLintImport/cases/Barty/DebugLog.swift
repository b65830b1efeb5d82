log.debug("started")
log.info("started")
catalog_debug("x")
