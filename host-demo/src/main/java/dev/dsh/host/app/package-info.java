/**
 * The host assembled: built-in plugins, installed PF4J plugins and the composed profile applied to
 * one scope runtime, reconciled when plugins or profile files change, and the offline demo.
 */
@NullMarked
package dev.dsh.host.app;

import org.jspecify.annotations.NullMarked;
