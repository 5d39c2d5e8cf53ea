// Constants Taro's build defines for H5; jest has no build step, so they are set here.
const globals = globalThis as Record<string, unknown>;
globals.DEPRECATED_ADAPTER_COMPONENT = false;
globals.SUPPORT_TARO_POLYFILL = 'disabled';
globals.SUPPORT_DINGTALK_NAVIGATE = 'disabled';
for (const name of ['ENABLE_INNER_HTML', 'ENABLE_ADJACENT_HTML', 'ENABLE_SIZE_APIS', 'ENABLE_TEMPLATE_CONTENT', 'ENABLE_CLONE_NODE', 'ENABLE_CONTAINS', 'ENABLE_MUTATION_OBSERVER']) {
  globals[name] = true;
}
