/** Test doubles shared by the host's tests: a fake context, a map config, a scripted provider. */
@NullMarked
package dev.dsh.host.fakes;

import org.jspecify.annotations.NullMarked;
