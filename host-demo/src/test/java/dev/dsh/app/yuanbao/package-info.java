/**
 * Host-level tests of the Yuanbao plugin: the real plugin jar loaded through PF4J, applied in a
 * scope runtime with the built-in env, credentials and web plugins, against the SearchPro stub.
 */
@NullMarked
package dev.dsh.app.yuanbao;

import org.jspecify.annotations.NullMarked;
