/**
 * The dsh {@code web_search} tool for Spring AI: {@link dev.dsh.spring.ai.WebSearchToolCallback},
 * a {@code ToolCallback}, and {@link dev.dsh.spring.ai.DshAutoConfiguration}, the Spring Boot
 * auto-configuration that starts a dsh host and offers the tool as beans ({@link
 * dev.dsh.spring.ai.DshProperties}: the {@code dsh.*} properties).
 */
@NullMarked
package dev.dsh.spring.ai;

import org.jspecify.annotations.NullMarked;
